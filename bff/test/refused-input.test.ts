import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startBffWithAdmin } from './bff-test-env.ts';

let system: Awaited<ReturnType<typeof startBffWithAdmin>>;
beforeAll(async () => {
  system = await startBffWithAdmin();
});
afterAll(() => system.close());

const post = (url: string, payload: object, ip: string) =>
  system.bff.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload, remoteAddress: ip });

describe('input the spec refuses, refused at /api', () => {
  it('an e-mail address with more than 64 characters before the @', async () => {
    const response = await post('/api/waitlist', { name: 'Ama Mensah', email: `${'a'.repeat(250)}@example.com`, phone: '0241234567' }, '10.8.0.1');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email address');
  });

  it('a password of eight spaces', async () => {
    const response = await post(
      '/api/auth/register',
      { firstName: 'Ama', lastName: 'Mensah', email: 'ama.spaces@example.com', phone: '0241234567', password: '        ' },
      '10.8.0.2',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password must be at least 8 characters');
  });

  it('stores a phone typed in international form as the local number', async () => {
    const email = 'kofi.abroad@example.com';
    const response = await post('/api/waitlist', { name: 'Kofi Boateng', email, phone: '+233 24 123 4567' }, '10.8.0.3');
    expect(response.statusCode).toBe(201);
    const { rows } = await system.admin.db.$client.query('SELECT phone FROM waitlist_signups WHERE email = $1', [email]);
    expect(rows).toEqual([{ phone: '0241234567' }]);
  });
});

describe('addresses the router refuses', () => {
  it('answers a path segment over the length limit with 414 in the one error body, without echoing it', async () => {
    const long = 'a'.repeat(5000);
    const response = await system.bff.inject({ method: 'GET', url: `/api/rides/${long}`, remoteAddress: '10.8.0.4' });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'This address is too long.' });
    expect(response.body).not.toContain(long);
  });

  it('answers a malformed percent-encoding in a path with 400 in the one error body', async () => {
    const response = await system.bff.inject({ method: 'GET', url: '/api/rides/%E0%A4%A', remoteAddress: '10.8.0.5' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'This address is not valid.' });
  });
});
