import { uploadErrors } from '@krom/contracts/http/auth';
import { createLogger } from '@krom/server-kit/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import { pruneUnusedUploads } from '../src/uploads/unused-upload-prune.ts';
import { reserveUploadQuota } from '../src/uploads/upload-quota.ts';
import { closeIdentity, type IdentityService, identityTestConfig, multipartForm, registerThrough, sampleImages } from './identity-test-env.ts';
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

const logger = createLogger('upload-prune-test', 'silent');
const asUser = (userId: string) => as({ kind: 'user', userId });
async function uploadPng(userId: string) {
  const form = await multipartForm({ image: { data: sampleImages.png, filename: 'me.png', type: 'image/png' }, type: 'profile' });
  return service.app.inject({ method: 'POST', url: '/uploads', headers: { ...(await asUser(userId)), ...form.headers }, payload: form.payload });
}
const objectKeyOf = async (publicId: string) =>
  (await service.db.$client.query<{ object_key: string }>('SELECT object_key FROM uploads WHERE public_id = $1', [publicId])).rows[0]?.object_key;

describe('the daily upload quota', () => {
  it('takes 20 images a day from one user, then refuses the next with a 429 that says why; other users are not affected', async () => {
    const ama = await registerThrough(service, as);
    const kofi = await registerThrough(service, as);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await uploadPng(ama.id)).statusCode);
    expect(statuses).toEqual(Array(20).fill(201));

    const refused = await uploadPng(ama.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: uploadErrors.dailyQuota });
    expect((await service.db.$client.query('SELECT count(*)::int AS n FROM uploads WHERE owner_id = $1', [ama.id])).rows[0].n).toBe(20);
    // Deleting photos does not give the day's quota back.
    const [first] = (await service.db.$client.query<{ public_id: string }>('SELECT public_id FROM uploads WHERE owner_id = $1 LIMIT 1', [ama.id])).rows;
    expect((await service.app.inject({ method: 'DELETE', url: `/uploads/${first!.public_id}`, headers: await asUser(ama.id) })).statusCode).toBe(200);
    expect((await uploadPng(ama.id)).statusCode).toBe(429);

    expect((await uploadPng(kofi.id)).statusCode).toBe(201);
  });

  it('counts bytes too, and starts afresh the next day', async () => {
    const esi = await registerThrough(service, as);
    const quota = { uploadsPerDay: 100, bytesPerDay: 1000 };
    const today = new Date('2030-01-01T10:00:00Z');
    await reserveUploadQuota(service.db, esi.id, 600, { now: today, quota });
    await expect(reserveUploadQuota(service.db, esi.id, 600, { now: today, quota })).rejects.toMatchObject({ statusCode: 429, message: uploadErrors.dailyQuota });
    await reserveUploadQuota(service.db, esi.id, 400, { now: today, quota });
    await reserveUploadQuota(service.db, esi.id, 600, { now: new Date('2030-01-02T00:00:01Z'), quota });
  });
});

describe('pruning unused uploads', () => {
  it('deletes, a day after upload, images no account uses, from the table and the object store, and keeps the ones in use', async () => {
    const yaw = await registerThrough(service, as);
    const unused = (await uploadPng(yaw.id)).json();
    const chosen = (await uploadPng(yaw.id)).json();
    const saved = await service.app.inject({
      method: 'PUT',
      url: '/users/me/profile',
      headers: await asUser(yaw.id),
      payload: { firstName: 'Yaw', lastName: 'Darko', profileImageUrl: chosen.url },
    });
    expect(saved.statusCode).toBe(200);
    const unusedKey = (await objectKeyOf(unused.publicId))!;
    const chosenKey = (await objectKeyOf(chosen.publicId))!;

    // Within the day of grace nothing goes: the user may still be choosing.
    await pruneUnusedUploads({ db: service.db, store: service.store, logger }, { now: new Date(Date.now() + 23 * 3600_000) });
    expect(await service.store.get(unusedKey)).toBeDefined();

    const pruned = await pruneUnusedUploads({ db: service.db, store: service.store, logger }, { now: new Date(Date.now() + 25 * 3600_000) });
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(await objectKeyOf(unused.publicId)).toBeUndefined();
    expect(await service.store.get(unusedKey)).toBeUndefined();
    expect((await service.app.inject({ method: 'GET', url: `/uploads/${unused.publicId}`, headers: await asUser(yaw.id) })).statusCode).toBe(404);

    expect(await objectKeyOf(chosen.publicId)).toBe(chosenKey);
    const served = await service.app.inject({ method: 'GET', url: `/uploads/${chosen.publicId}`, headers: await asUser(yaw.id) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(sampleImages.png)).toBe(true);
  });
});
