import { describe, expect, it } from 'vitest';
import { requestForLog } from './logger.ts';

describe('the request in a log line', () => {
  it('names the method, path, host and address as Fastify does', () => {
    const request = { method: 'POST', url: '/api/auth/verify-identity', headers: {}, host: 'krom.example', ip: '10.0.0.7', socket: { remotePort: 51234 } };
    expect(requestForLog(request)).toEqual({ method: 'POST', url: '/api/auth/verify-identity', version: undefined, host: 'krom.example', remoteAddress: '10.0.0.7', remotePort: 51234 });
  });

  it('leaves out the address of a request whose connection is gone instead of throwing', () => {
    // What @fastify/forwarded does behind a trusted proxy once the socket is released.
    const gone = {
      method: 'POST',
      url: '/api/auth/verify-identity',
      headers: {},
      host: 'krom.example',
      get ip(): string {
        throw new TypeError("Cannot read properties of null (reading 'remoteAddress')");
      },
      socket: null,
    };
    expect(requestForLog(gone)).toEqual({ method: 'POST', url: '/api/auth/verify-identity', version: undefined, host: 'krom.example', remoteAddress: undefined, remotePort: undefined });
  });
});
