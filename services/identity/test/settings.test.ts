import { userNotificationSettings, userSnapshotOf } from '@krom/contracts/events/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig, newPerson, outboxEvents, registerThrough } from './identity-test-env.ts';

const { config, as } = identityTestConfig();
let service: IdentityService;

beforeAll(async () => {
  service = await openIdentityService(config);
});
afterAll(() => closeIdentity(service, config.DATABASE_URL));

const read = async (userId: string) => service.app.inject({ method: 'GET', url: '/users/me/settings', headers: await as({ kind: 'user', userId }) });
const save = async (userId: string, part: 'notifications' | 'privacy', body: unknown) =>
  service.app.inject({ method: 'PUT', url: `/users/me/settings/${part}`, headers: await as({ kind: 'user', userId }), payload: body as object });

/**
 * What identity told other services of the user's SMS and ride reminder choices, oldest first, as
 * published: not parsed by the contract, whose default would hide a ride reminder choice left out.
 */
const choicesToldOf = async (userId: string) =>
  (await outboxEvents(service, userNotificationSettings.subject))
    .map((event) => event.data)
    .filter((data) => data.userId === userId)
    .sort((a, b) => Number(a.version) - Number(b.version))
    .map(({ smsNotifications, rideReminders, version }) => ({ smsNotifications, rideReminders, version: Number(version) }));
const smsChoicesOf = async (userId: string) => (await choicesToldOf(userId)).map(({ smsNotifications, version }) => ({ smsNotifications, version }));

const defaults = {
  notifications: { emailNotifications: true, smsNotifications: true, pushNotifications: true, rideReminders: true, promotionalEmails: false },
  privacy: { showPhoneToDrivers: true, showProfileToOthers: true, shareLocationData: true },
};

describe('notification and privacy settings', () => {
  it('start at the spec’s defaults', async () => {
    const person = await registerThrough(service, as);
    const response = await read(person.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(defaults);
  });

  it('keep what was saved, the unsent toggles unchanged', async () => {
    const person = await registerThrough(service, as);
    const notifications = await save(person.id, 'notifications', { smsNotifications: false, promotionalEmails: true });
    expect(notifications.statusCode).toBe(200);
    const privacy = await save(person.id, 'privacy', { showPhoneToDrivers: false });
    expect(privacy.json()).toEqual({
      notifications: { ...defaults.notifications, smsNotifications: false, promotionalEmails: true },
      privacy: { ...defaults.privacy, showPhoneToDrivers: false },
    });
    // Still set when read again later (a reload, a new sign-in).
    expect((await read(person.id)).json()).toEqual(privacy.json());
  });

  it('accept a whole settings object as the screen sends it', async () => {
    const person = await registerThrough(service, as);
    const all = { emailNotifications: false, smsNotifications: false, pushNotifications: false, rideReminders: false, promotionalEmails: false };
    expect((await save(person.id, 'notifications', all)).json().notifications).toEqual(all);
  });

  it.each([
    ['notifications', { emailNotifications: 'yes' }],
    ['privacy', { showProfileToOthers: 1 }],
  ] as const)('answer 400 for a toggle that is not true or false (%s %j)', async (part, body) => {
    const person = await registerThrough(service, as);
    const response = await save(person.id, part, body);
    expect(response.statusCode).toBe(400);
    expect((await read(person.id)).json()).toEqual(defaults);
  });

  it('belong to the caller only: another user’s save changes nothing of theirs', async () => {
    const ama = await registerThrough(service, as);
    const kofi = await registerThrough(service, as, newPerson());
    await save(kofi.id, 'privacy', { showProfileToOthers: false });
    expect((await read(ama.id)).json()).toEqual(defaults);
  });

  it('are a 404 for an unknown account and need a user caller', async () => {
    expect((await read(crypto.randomUUID())).statusCode).toBe(404);
    expect((await save(crypto.randomUUID(), 'privacy', { showProfileToOthers: false })).statusCode).toBe(404);
    const anonymous = await service.app.inject({ method: 'GET', url: '/users/me/settings', headers: await as({ kind: 'public' }) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('tell other services the SMS choice: on at registration, then each save of it, newer versions later', async () => {
    const person = await registerThrough(service, as);
    expect(await smsChoicesOf(person.id)).toEqual([{ smsNotifications: true, version: 1 }]);
    expect((await save(person.id, 'notifications', { smsNotifications: false })).statusCode).toBe(200);
    // A save without the SMS toggle tells nothing new.
    await save(person.id, 'privacy', { showPhoneToDrivers: false });
    await save(person.id, 'notifications', { promotionalEmails: true });
    await save(person.id, 'notifications', { smsNotifications: true, emailNotifications: false });
    const told = await smsChoicesOf(person.id);
    expect(told.map((choice) => choice.smsNotifications)).toEqual([true, false, true]);
    const versions = told.map((choice) => choice.version);
    expect([...new Set(versions)].sort((a, b) => a - b)).toEqual(versions);
  });

  it('tell other services the ride reminder choice when it alone is saved, at a newer version each time', async () => {
    const person = await registerThrough(service, as);
    expect(await choicesToldOf(person.id)).toEqual([{ smsNotifications: true, rideReminders: true, version: 1 }]);
    expect((await save(person.id, 'notifications', { rideReminders: false })).statusCode).toBe(200);
    await save(person.id, 'privacy', { shareLocationData: false });
    expect((await save(person.id, 'notifications', { rideReminders: true })).statusCode).toBe(200);
    // The SMS choice travels with it unchanged, so a consumer keeping the newest event keeps both.
    expect(await choicesToldOf(person.id)).toEqual([
      { smsNotifications: true, rideReminders: true, version: 1 },
      { smsNotifications: true, rideReminders: false, version: 2 },
      { smsNotifications: true, rideReminders: true, version: 4 },
    ]);
  });

  it('tell nothing when the save is refused', async () => {
    const person = await registerThrough(service, as);
    expect((await save(person.id, 'notifications', { smsNotifications: 'no' })).statusCode).toBe(400);
    expect(await smsChoicesOf(person.id)).toEqual([{ smsNotifications: true, version: 1 }]);
  });

  it('tell rides the phone and the phone and profile toggles in the account snapshot, at a newer version on each save of them', async () => {
    const person = await registerThrough(service, as);
    const snapshots = async () =>
      (await outboxEvents(service, userSnapshotOf(person.id).subject)).map(({ data }) => ({
        phone: data.phone,
        showPhone: data.showPhone,
        showProfile: data.showProfile,
        version: Number(data.version),
      }));
    const registered = await snapshots();
    expect(registered).toEqual([{ phone: person.phone, showPhone: true, showProfile: true, version: 1 }]);

    await save(person.id, 'privacy', { showPhoneToDrivers: false });
    // Neither a notification toggle nor location sharing is rides' business: no snapshot for them.
    await save(person.id, 'notifications', { smsNotifications: false });
    await save(person.id, 'privacy', { shareLocationData: false });
    await save(person.id, 'privacy', { showProfileToOthers: false, showPhoneToDrivers: true });
    expect(await snapshots()).toEqual([
      { phone: person.phone, showPhone: true, showProfile: true, version: 1 },
      { phone: person.phone, showPhone: false, showProfile: true, version: 2 },
      { phone: person.phone, showPhone: true, showProfile: false, version: 3 },
    ]);
  });
});
