import { userDeleted } from '@krom/contracts/events/identity';
import { eventually, publishedEvents } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig, multipartForm, newPerson, registerThrough, sampleImages } from './identity-test-env.ts';
import { startS3TestServer } from './s3-test-server.ts';

let s3: Awaited<ReturnType<typeof startS3TestServer>>;
let service: IdentityService;
let config: ReturnType<typeof identityTestConfig>['config'];
let as: ReturnType<typeof identityTestConfig>['as'];

beforeAll(async () => {
  s3 = await startS3TestServer();
  ({ config, as } = identityTestConfig(s3.env));
  service = await openIdentityService(config);
});
afterAll(async () => {
  await closeIdentity(service, config.DATABASE_URL);
  await s3.close();
});

const asUser = (userId: string) => as({ kind: 'user', userId });
const remove = async (userId: string) => service.app.inject({ method: 'DELETE', url: '/users/me', headers: await asUser(userId) });

/** A user with a photo, an emergency contact and saved settings: everything deletion must erase. */
async function fullAccount() {
  const person = await registerThrough(service, as);
  const form = await multipartForm({ image: { data: sampleImages.png, filename: 'me.png', type: 'image/png' }, type: 'profile' });
  const uploaded = await service.app.inject({ method: 'POST', url: '/uploads', headers: { ...(await asUser(person.id)), ...form.headers }, payload: form.payload });
  const { url, publicId } = uploaded.json();
  await service.app.inject({
    method: 'PUT',
    url: '/users/me/profile',
    headers: await asUser(person.id),
    payload: { firstName: 'Ama', lastName: 'Mensah', emergencyContactName: 'Kojo Mensah', emergencyContactPhone: '0551234567', profileImageUrl: url },
  });
  await service.app.inject({ method: 'PUT', url: '/users/me/settings/privacy', headers: await asUser(person.id), payload: { showPhoneToDrivers: false } });
  const { rows } = await service.db.$client.query('SELECT object_key FROM uploads WHERE public_id = $1', [publicId]);
  return { ...person, publicId, objectKey: rows[0].object_key as string };
}

describe('deleting an account', () => {
  it('erases the personal data, the photo in the store, the settings and the password', async () => {
    const person = await fullAccount();
    expect(await service.store.get(person.objectKey)).toBeDefined();

    const response = await remove(person.id);
    expect(response.statusCode).toBe(200);

    const { rows } = await service.db.$client.query('SELECT * FROM users WHERE id = $1', [person.id]);
    const row = rows[0];
    expect(row).toMatchObject({
      first_name: 'Deleted',
      last_name: 'User',
      email: null,
      phone: null,
      password: null,
      emergency_contact_name: null,
      emergency_contact_phone: null,
      profile_image_url: null,
    });
    expect(row.deleted_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(person.email);
    expect(JSON.stringify(row)).not.toContain(person.phone);
    expect(await service.store.get(person.objectKey)).toBeUndefined();
    const leftovers = await service.db.$client.query(
      'SELECT (SELECT count(*)::int FROM uploads WHERE owner_id = $1) AS uploads, (SELECT count(*)::int FROM user_settings WHERE user_id = $1) AS settings',
      [person.id],
    );
    expect(leftovers.rows[0]).toEqual({ uploads: 0, settings: 0 });
  });

  it('tells the other services with user.deleted, carrying no personal data', async () => {
    const person = await fullAccount();
    await remove(person.id);
    const event = await eventually(async () => {
      const found = await publishedEvents(service.bus, userDeleted.subject);
      return found.find((e) => (e.data as { userId: string }).userId === person.id);
    });
    expect(Object.keys(event.data as object).sort()).toEqual(['deletedAt', 'userId', 'version']);
  });

  it('ends the account: it no longer signs in, reads, or shows its photo', async () => {
    const person = await fullAccount();
    const viewer = await registerThrough(service, as, newPerson());
    await remove(person.id);
    const signIn = await service.app.inject({ method: 'POST', url: '/sessions', headers: await as({ kind: 'public' }), payload: { email: person.email, password: person.password } });
    expect(signIn.statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/users/me', headers: await asUser(person.id) })).statusCode).toBe(404);
    expect((await service.app.inject({ method: 'GET', url: `/uploads/${person.publicId}`, headers: await asUser(viewer.id) })).statusCode).toBe(404);
    const lookUp = await service.app.inject({ method: 'POST', url: '/recovery/lookup', headers: await as({ kind: 'public' }), payload: { email: person.email } });
    expect(lookUp.statusCode).toBe(404);
    expect((await remove(person.id)).statusCode).toBe(404);
  });

  it('frees the e-mail and phone number to register again', async () => {
    const person = await fullAccount();
    await remove(person.id);
    const again = await service.app.inject({
      method: 'POST',
      url: '/users',
      headers: await as({ kind: 'public' }),
      payload: { ...newPerson(), email: person.email, phone: person.phone },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(person.id);
  });

  it('deletes only the caller’s account', async () => {
    const ama = await registerThrough(service, as);
    const kofi = await registerThrough(service, as, newPerson());
    await remove(kofi.id);
    expect((await service.app.inject({ method: 'GET', url: '/users/me', headers: await asUser(ama.id) })).statusCode).toBe(200);
  });

  it('publishes one user.deleted when two deletions race', async () => {
    const person = await registerThrough(service, as);
    const results = await Promise.all([remove(person.id), remove(person.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const { rows } = await service.db.$client.query("SELECT count(*)::int AS n FROM outbox WHERE subject = $1 AND envelope->'data'->>'userId' = $2", [
      userDeleted.subject,
      person.id,
    ]);
    expect(rows[0].n).toBe(1);
  });
});
