import { randomUUID } from 'node:crypto';
import { userDeleted } from '@krom/contracts/events/identity';
import { eventually, publishedEvents } from '@krom/server-kit/testing';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffSystem, browser, newPerson, signedUp, startBff, verifiedPhoneSession } from './bff-test-env.ts';

/** Rides as the BFF meets it for a shared trip: what it was asked to text, and a share in answer. */
const ridesAsked: { url: string; body: unknown }[] = [];
const ridesStandIn = Fastify();
ridesStandIn.post('/bookings/:id/trip-share', async (request) => {
  ridesAsked.push({ url: request.url, body: request.body });
  const { id } = request.params as { id: string };
  return { bookingId: id, link: '/trip/abc', expiresAt: new Date().toISOString(), textContactAtDeparture: true, contactTextedAt: null };
});

let system: BffSystem;
beforeAll(async () => {
  const ridesUrl = await ridesStandIn.listen({ port: 0, host: '127.0.0.1' });
  system = await startBff({ services: ['identity'], overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000', RIDES_URL: ridesUrl } });
});
afterAll(async () => {
  await system.close();
  await ridesStandIn.close();
});

let ips = 0;
const visitor = () => browser(system.bff, `10.5.0.${++ips}`);

const defaults = {
  notifications: { emailNotifications: true, smsNotifications: true, pushNotifications: true, rideReminders: true, promotionalEmails: false },
  privacy: { showPhoneToDrivers: true, showProfileToOthers: true, shareLocationData: true },
};

describe('the profile', () => {
  it('saves names and emergency contact; the current user shows them; e-mail and phone stay', async () => {
    const b = visitor();
    const person = await signedUp(system.bff, b);
    const response = await b.put('/api/auth/profile', {
      firstName: 'Efua',
      lastName: 'Quansah',
      email: 'other@example.com',
      phone: '0209999999',
      emergencyContactName: 'Kwesi Quansah',
      emergencyContactPhone: '0241234567',
    });
    expect(response.statusCode).toBe(200);
    const me = (await b.get('/api/auth/user')).json();
    expect(me).toMatchObject({ firstName: 'Efua', lastName: 'Quansah', email: person.email, phone: person.phone, emergencyContactName: 'Kwesi Quansah' });
  });

  it.each([
    [{ firstName: 'E', lastName: 'Quansah' }, 'First name must be at least 2 characters'],
    [{ firstName: 'Efua', lastName: 'Q' }, 'Last name must be at least 2 characters'],
    [{ firstName: 'Efua', lastName: 'Quansah', emergencyContactPhone: '+1 555 0100' }, 'Please enter a valid 10-digit Ghana phone number starting with 0'],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const b = visitor();
    await signedUp(system.bff, b);
    const response = await b.put('/api/auth/profile', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('the emergency contact', () => {
  it('is saved as a pair (a name and a Ghana phone) and is the one a shared trip texts', async () => {
    const b = visitor();
    await signedUp(system.bff, b);
    const names = { firstName: 'Efua', lastName: 'Quansah' };
    const half = await b.put('/api/auth/profile', { ...names, emergencyContactName: 'Kwesi Quansah', emergencyContactPhone: '' });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe("Please enter your emergency contact's phone number");

    expect((await b.put('/api/auth/profile', { ...names, emergencyContactName: 'Kwesi Quansah', emergencyContactPhone: '+233 24 123 4567' })).statusCode).toBe(200);
    expect((await b.get('/api/auth/user')).json()).toMatchObject({ emergencyContactName: 'Kwesi Quansah', emergencyContactPhone: '0241234567' });

    const bookingId = randomUUID();
    const shared = await b.post(`/api/bookings/${bookingId}/trip-share`, { textContactAtDeparture: true });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(ridesAsked.find((asked) => asked.url.includes(bookingId))?.body).toEqual({
      textContactAtDeparture: true,
      contact: { name: 'Kwesi Quansah', phone: '0241234567' },
    });
  });
});

describe('settings', () => {
  it('start at the spec’s defaults and are still set after signing out and in again', async () => {
    const b = visitor();
    const person = await signedUp(system.bff, b);
    expect((await b.get('/api/user/settings')).json()).toEqual(defaults);

    const notifications = await b.put('/api/user/notifications', { ...defaults.notifications, smsNotifications: false, promotionalEmails: true });
    expect(notifications.statusCode).toBe(200);
    const privacy = await b.put('/api/user/privacy', { ...defaults.privacy, showPhoneToDrivers: false });
    expect(privacy.statusCode).toBe(200);

    await b.post('/api/auth/logout');
    const later = visitor();
    await later.post('/api/auth/login', { email: person.email, password: person.password });
    expect((await later.get('/api/user/settings')).json()).toEqual({
      notifications: { ...defaults.notifications, smsNotifications: false, promotionalEmails: true },
      privacy: { ...defaults.privacy, showPhoneToDrivers: false },
    });
  });

  it('refuse a toggle that is not true or false', async () => {
    const b = visitor();
    await signedUp(system.bff, b);
    expect((await b.put('/api/user/privacy', { showProfileToOthers: 'nope' })).statusCode).toBe(400);
  });
});

describe('deleting the account', () => {
  it('erases it, ends every session, clears the cookie, tells other services, and frees the e-mail', async () => {
    const b = visitor();
    const person = await signedUp(system.bff, b);
    const phone = visitor();
    await phone.post('/api/auth/login', { email: person.email, password: person.password });

    const response = await b.delete('/api/user');
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === 'krom_session');
    expect(cleared?.value).toBe('');
    expect((await b.get('/api/auth/user')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
    expect((await visitor().post('/api/auth/login', { email: person.email, password: person.password })).statusCode).toBe(401);

    const event = await eventually(async () => {
      const found = await publishedEvents(system.identity!.bus, userDeleted.subject);
      return found.find((e) => (e.data as { userId: string }).userId === person.id);
    });
    expect(event).toBeDefined();

    const again = visitor();
    again.adopt(verifiedPhoneSession(system.bff, person.phone));
    expect((await again.post('/api/auth/register', { ...newPerson(), email: person.email, phone: person.phone })).statusCode).toBe(201);
  });

  it('needs a signed-in user', async () => {
    expect((await visitor().delete('/api/user')).statusCode).toBe(401);
  });
});

describe('signed out', () => {
  it.each([
    ['GET', '/api/auth/user'],
    ['PUT', '/api/auth/profile'],
    ['POST', '/api/auth/change-password'],
    ['GET', '/api/user/settings'],
    ['PUT', '/api/user/notifications'],
    ['PUT', '/api/user/privacy'],
    ['DELETE', '/api/user'],
    ['POST', '/api/upload'],
    ['DELETE', '/api/upload'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const response = await visitor().call(method, url, method === 'GET' ? undefined : {});
    expect(response.statusCode).toBe(401);
  });
});

describe('with another user’s session', () => {
  it('every call reads and changes only the caller’s own account', async () => {
    const amaBrowser = visitor();
    const ama = await signedUp(system.bff, amaBrowser, newPerson({ firstName: 'Ama', password: 'Amas-Own-Secret-42' }));
    const kofiBrowser = visitor();
    const kofi = await signedUp(system.bff, kofiBrowser, newPerson({ firstName: 'Kofi' }));

    // Kofi's session reads Kofi, whatever he sends.
    expect((await kofiBrowser.get('/api/auth/user')).json().id).toBe(kofi.id);
    expect((await kofiBrowser.call('GET', `/api/auth/user?id=${ama.id}`)).json().id).toBe(kofi.id);
    // Each call is accepted, and lands on Kofi's own account.
    expect((await kofiBrowser.put('/api/auth/profile', { id: ama.id, userId: ama.id, firstName: 'Hacked', lastName: 'Name' })).statusCode).toBe(200);
    expect((await kofiBrowser.put('/api/user/privacy', { userId: ama.id, showProfileToOthers: false })).statusCode).toBe(200);
    expect((await kofiBrowser.put('/api/user/notifications', { userId: ama.id, smsNotifications: false })).statusCode).toBe(200);
    const kofiSettings = { notifications: { ...defaults.notifications, smsNotifications: false }, privacy: { ...defaults.privacy, showProfileToOthers: false } };
    expect((await kofiBrowser.call('GET', `/api/user/settings?userId=${ama.id}`)).json()).toEqual(kofiSettings);
    expect((await kofiBrowser.get('/api/auth/user')).json()).toMatchObject({ id: kofi.id, firstName: 'Hacked' });
    // Ama's password is not Kofi's current password.
    const change = await kofiBrowser.post('/api/auth/change-password', { currentPassword: ama.password, newPassword: 'Hijacked-Pass-1' });
    expect(change.statusCode).toBe(400);

    const amaNow = (await amaBrowser.get('/api/auth/user')).json();
    expect(amaNow).toMatchObject({ id: ama.id, firstName: 'Ama', lastName: ama.lastName });
    expect((await amaBrowser.get('/api/user/settings')).json()).toEqual(defaults);
    expect((await visitor().post('/api/auth/login', { email: ama.email, password: ama.password })).statusCode).toBe(200);

    await kofiBrowser.delete('/api/user');
    expect((await amaBrowser.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('a session whose account was deleted elsewhere is signed out', async () => {
    const person = newPerson();
    const first = visitor();
    await signedUp(system.bff, first, person);
    const second = visitor();
    await second.post('/api/auth/login', { email: person.email, password: person.password });
    // Deleted without going through this BFF's session store: the next call finds the account gone.
    await system.identity!.db.$client.query('UPDATE users SET deleted_at = now(), email = NULL, phone = NULL WHERE email = $1', [person.email]);
    const response = await second.get('/api/auth/user');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Sign-in required');
  });
});
