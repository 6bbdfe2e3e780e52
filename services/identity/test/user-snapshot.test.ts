import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@krom/contracts/envelope';
import { type UserSnapshot, userDeleted, userPasswordChanged, userRegistered, userSnapshotOf, userSnapshotStream, userSnapshotSchema } from '@krom/contracts/events/identity';
import { lastPerSubjectStreamName } from '@krom/server-kit/last-per-subject-stream';
import { eventually } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity, type IdentityService, identityTestConfig, multipartForm, outboxEvents, registerThrough, sampleImages } from './identity-test-env.ts';

let uploadsDir: string;
let service: IdentityService;
let config: ReturnType<typeof identityTestConfig>['config'];
let as: ReturnType<typeof identityTestConfig>['as'];

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'krom-snapshot-uploads-'));
  ({ config, as } = identityTestConfig({ UPLOADS_DIR: uploadsDir }));
  service = await openIdentityService(config);
});
afterAll(async () => {
  await closeIdentity(service, config.DATABASE_URL);
  await rm(uploadsDir, { recursive: true, force: true });
});

const asUser = (userId: string) => as({ kind: 'user', userId });
async function call(userId: string, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await service.app.inject({ method, url, headers: await asUser(userId), ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}
async function uploadPhoto(userId: string): Promise<{ url: string; publicId: string }> {
  const form = await multipartForm({ image: { data: sampleImages.png, filename: 'me.png', type: 'image/png' }, type: 'profile' });
  const response = await service.app.inject({ method: 'POST', url: '/uploads', headers: { ...(await asUser(userId)), ...form.headers }, payload: form.payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const snapshotsOf = async (userId: string) => (await outboxEvents(service, userSnapshotOf(userId).subject)) as EventEnvelope<UserSnapshot>[];
const versionOf = async (subject: string, userId: string) =>
  (await outboxEvents(service, subject)).filter((event) => event.data.userId === userId).map((event) => event.data.version);

describe('krom.identity.user.snapshot.v1.<userId>', () => {
  it('is published complete, with a higher version, on registration, every change others see, and deletion', async () => {
    const person = await registerThrough(service, as);
    await call(person.id, 'PUT', '/users/me/profile', { firstName: 'Abena', lastName: 'Asante' });
    await call(person.id, 'POST', '/users/me/password', { currentPassword: person.password, newPassword: 'Volta-River-88' });
    const photo = await uploadPhoto(person.id);
    await call(person.id, 'PUT', '/users/me/profile', { firstName: 'Abena', lastName: 'Asante', profileImageUrl: photo.url });
    await call(person.id, 'DELETE', `/uploads/${photo.publicId}`);
    await call(person.id, 'DELETE', '/users/me');

    const snapshots = (await snapshotsOf(person.id)).map((event) => event.data);
    for (const snapshot of snapshots) expect(userSnapshotSchema.parse(snapshot)).toEqual(snapshot);
    const unverified = { isVerified: false, verificationStatus: 'not_submitted', isDriver: false, driverVerificationStatus: 'not_submitted', suspended: false };
    expect(snapshots).toMatchObject([
      { userId: person.id, firstName: 'Ama', lastName: 'Mensah', profileImageUrl: null, deleted: false, ...unverified },
      { firstName: 'Abena', lastName: 'Asante', profileImageUrl: null, deleted: false },
      { firstName: 'Abena', profileImageUrl: photo.url, deleted: false },
      { firstName: 'Abena', profileImageUrl: null, deleted: false },
      { firstName: 'Deleted', lastName: 'User', profileImageUrl: null, deleted: true, ...unverified },
    ]);
    const versions = snapshots.map((snapshot) => snapshot.version);
    expect(versions[0]).toBe(1);
    for (let i = 1; i < versions.length; i += 1) expect(versions[i]).toBeGreaterThan(versions[i - 1]!);

    // The other events of the account carry its version too, in the same order as the changes.
    expect(await versionOf(userRegistered.subject, person.id)).toEqual([1]);
    const [passwordVersion] = await versionOf(userPasswordChanged.subject, person.id);
    expect(passwordVersion).toBeGreaterThan(versions[1]!);
    expect(passwordVersion).toBeLessThan(versions[2]!);
    expect(await versionOf(userDeleted.subject, person.id)).toEqual([versions.at(-1)]);
  });

  it('tells only whether the member stated “woman”, on each change of the gender, and keeps it when a save leaves it out', async () => {
    const person = await registerThrough(service, as);
    const names = { firstName: person.firstName, lastName: person.lastName };
    const saved = await call(person.id, 'PUT', '/users/me/profile', { ...names, gender: 'woman' });
    expect(saved.json()).toMatchObject({ gender: 'woman' });
    // A save without the field (an older screen) keeps it, and publishes nothing new.
    expect((await call(person.id, 'PUT', '/users/me/profile', { ...names, emergencyContactName: 'Esi', emergencyContactPhone: '0551234567' })).json()).toMatchObject({ gender: 'woman' });
    await call(person.id, 'PUT', '/users/me/profile', { ...names, gender: 'man' });
    await call(person.id, 'PUT', '/users/me/profile', { ...names, gender: null });

    const snapshots = (await snapshotsOf(person.id)).map((event) => event.data);
    expect(snapshots.map((snapshot) => snapshot.statedWoman)).toEqual([false, true, false]);
    // The gender itself travels nowhere: "man" and "not stated" are the same to every other service.
    for (const event of await snapshotsOf(person.id)) expect(JSON.stringify(event)).not.toMatch(/gender|"man"|"woman"/);
    const own = await service.app.inject({ method: 'GET', url: '/users/me', headers: await asUser(person.id) });
    expect(own.json()).toMatchObject({ gender: null });
  });

  it('refuses a gender it does not offer', async () => {
    const person = await registerThrough(service, as);
    const response = await service.app.inject({
      method: 'PUT',
      url: '/users/me/profile',
      headers: await asUser(person.id),
      payload: { firstName: person.firstName, lastName: person.lastName, gender: 'other' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Please choose woman, man, or leave it unstated');
  });

  it('publishes no snapshot when nothing others see changed', async () => {
    const person = await registerThrough(service, as);
    await call(person.id, 'PUT', '/users/me/profile', { firstName: person.firstName, lastName: person.lastName, emergencyContactName: 'Esi', emergencyContactPhone: '0551234567' });
    expect((await snapshotsOf(person.id)).map((event) => event.data.version)).toEqual([1]);
  });

  it('reaches the stream that keeps only the last snapshot per user, so a deleted user’s names are gone from it', async () => {
    const person = await registerThrough(service, as);
    await call(person.id, 'PUT', '/users/me/profile', { firstName: 'Abena', lastName: 'Asante' });
    await call(person.id, 'DELETE', '/users/me');
    const tombstone = (await snapshotsOf(person.id)).at(-1)!;

    const stream = lastPerSubjectStreamName(service.bus, userSnapshotStream);
    const subject = service.bus.subjectOf(userSnapshotOf(person.id).subject);
    const kept = await eventually(async () => {
      const message = await service.bus.jsm.streams.getMessage(stream, { last_by_subj: subject });
      return message?.json<EventEnvelope>().id === tombstone.id ? message : undefined;
    });
    expect(kept.json<EventEnvelope<UserSnapshot>>().data).toMatchObject({ deleted: true, firstName: 'Deleted', lastName: 'User' });
    const info = await service.bus.jsm.streams.info(stream, { subjects_filter: subject });
    expect(info.state.subjects).toEqual({ [subject]: 1 });
  });
});
