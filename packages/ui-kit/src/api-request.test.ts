import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/mock-api.ts';
import { createBooking } from '@krom/contracts/api-routes';
import { apiRequest, failureText, getJson, serverMessage, statusOf } from './api-request.ts';
import { callEndpoint } from './call-endpoint.ts';

describe('apiRequest', () => {
  it('sends JSON with the cookies included', async () => {
    const api = mockApi({ 'POST /api/waitlist': { status: 201, body: { id: 'x' } } });
    await apiRequest('POST', '/api/waitlist', { name: 'Ama Mensah' });
    expect(api.calls).toEqual([
      { method: 'POST', path: '/api/waitlist', body: { name: 'Ama Mensah' }, credentials: 'include' },
    ]);
  });

  it('turns a failure into "<status>: <response text>"', async () => {
    mockApi({ 'POST /api/admin/users': { status: 409, body: { message: 'Username already exists' } } });
    await expect(apiRequest('POST', '/api/admin/users', {})).rejects.toThrow(
      '409: {"message":"Username already exists"}',
    );
  });

  it("sends an endpoint's declared request headers with JSON's own, which they cannot replace", async () => {
    const seen: Headers[] = [];
    mockApi({
      'POST /api/bookings': ({ headers }) => {
        seen.push(headers);
        return { status: 409, body: { message: 'Still in progress' } };
      },
    });
    const booking = { rideId: 'b1f7c3a2-5d4e-4f6a-8b9c-0d1e2f3a4b5c', seats: 1, boardAt: 0, alightAt: 1, passengerName: 'Ama', passengerPhone: '0241234567' };
    await expect(callEndpoint(createBooking, { body: booking, headers: { 'idempotency-key': 'key-0001-abcd' } })).rejects.toThrow(/^409: /);
    await expect(apiRequest('POST', '/api/bookings', booking, { headers: { 'Content-Type': 'text/plain', 'Idempotency-Key': 'key-0002-abcd' } })).rejects.toThrow(/^409: /);
    expect(seen.map((headers) => [headers.get('idempotency-key'), headers.get('content-type')])).toEqual([
      ['key-0001-abcd', 'application/json'],
      ['key-0002-abcd', 'application/json'],
    ]);
  });

  it('uses the status text when the failed response has no body', async () => {
    mockApi({ 'GET /api/admin/verify': { status: 401, statusText: 'Unauthorized' } });
    await expect(apiRequest('GET', '/api/admin/verify')).rejects.toThrow('401: Unauthorized');
  });
});

describe('getJson', () => {
  it('yields null on 401 when asked to, and throws otherwise', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    await expect(getJson('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
    await expect(getJson('/api/auth/user')).rejects.toThrow('401: {"message":"Not signed in"}');
  });

  it('still throws other failures when 401 yields null', async () => {
    mockApi({ 'GET /api/auth/user': { status: 500, body: { message: 'Boom' } } });
    await expect(getJson('/api/auth/user', { on401: 'returnNull' })).rejects.toThrow('500: {"message":"Boom"}');
  });
});

describe('reading a failure for a toast', () => {
  it("takes the server's message from the JSON error body", () => {
    const error = new Error('409: {"message":"Username already exists","errors":[]}');
    expect(serverMessage(error)).toBe('Username already exists');
    expect(failureText(error, 'Failed to create admin user')).toBe('Username already exists');
    expect(statusOf(error)).toBe(409);
  });

  it('falls back to the default when the body is not JSON or has no message', () => {
    expect(failureText(new Error('502: <html>Bad Gateway</html>'), 'Failed to submit form')).toBe(
      'Failed to submit form',
    );
    expect(failureText(new Error('500: {"error":"x"}'), 'Failed to submit form')).toBe('Failed to submit form');
    expect(failureText(new TypeError('Failed to fetch'), 'Invalid credentials')).toBe('Invalid credentials');
  });
});
