import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localObjectStore } from '../src/providers/object-store/local.ts';
import type { ObjectStore } from '../src/providers/object-store/port.ts';
import { s3ObjectStore } from '../src/providers/object-store/s3.ts';
import { sampleImages } from './identity-test-env.ts';
import { startS3TestServer } from './s3-test-server.ts';

let s3: Awaited<ReturnType<typeof startS3TestServer>>;
let folder: string;
const stores: Record<string, ObjectStore> = {};

beforeAll(async () => {
  s3 = await startS3TestServer();
  folder = await mkdtemp(join(tmpdir(), 'krom-uploads-'));
  stores.s3 = s3ObjectStore({
    endpoint: s3.env.S3_ENDPOINT,
    bucket: s3.env.S3_BUCKET,
    region: s3.env.S3_REGION,
    accessKeyId: s3.env.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
  });
  stores.local = localObjectStore(folder);
});
afterAll(async () => {
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

const read = async (body: AsyncIterable<Buffer>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
};

/** The S3 store and the local folder store do the same job: one set of tests for both. */
describe.each(['s3', 'local'])('the %s object store', (name) => {
  const store = () => stores[name]!;

  it('is ready', async () => {
    await expect(store().check()).resolves.toBeUndefined();
  });

  it('keeps an object and gives back the same bytes, type and size', async () => {
    const key = `profile/${crypto.randomUUID()}/${crypto.randomUUID()}.png`;
    await store().put(key, sampleImages.png, 'image/png');
    const object = await store().get(key);
    expect(object).toBeDefined();
    expect(object!.contentType).toBe('image/png');
    expect(object!.size).toBe(sampleImages.png.length);
    expect((await read(object!.body)).equals(sampleImages.png)).toBe(true);
  });

  it('answers undefined for a key it does not hold', async () => {
    expect(await store().get(`profile/${crypto.randomUUID()}/missing.png`)).toBeUndefined();
  });

  it('deletes, and a second delete of the same key is not an error', async () => {
    const key = `profile/${crypto.randomUUID()}/${crypto.randomUUID()}.gif`;
    await store().put(key, sampleImages.gif, 'image/gif');
    await store().delete(key);
    expect(await store().get(key)).toBeUndefined();
    await expect(store().delete(key)).resolves.toBeUndefined();
  });
});

describe('the local store', () => {
  it('refuses a key that would leave its folder', async () => {
    await expect(stores.local!.put('../escape.png', sampleImages.png, 'image/png')).rejects.toThrow(/outside the store/);
  });
});
