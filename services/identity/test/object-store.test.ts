import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localObjectStore } from '@krom/server-kit/object-store/local';
import type { ObjectStore } from '@krom/server-kit/object-store/port';
import { s3ObjectStore } from '@krom/server-kit/object-store/s3';
import { sampleImages } from './identity-test-env.ts';
import { describeObjectStore } from './object-store-suite.ts';
import { startS3TestServer } from './s3-test-server.ts';

/** The S3 store against s3rver (a local server speaking S3's API), and the local folder store: one suite for both. */
let s3: Awaited<ReturnType<typeof startS3TestServer>>;
let folder: string;
let s3Store: ObjectStore;
let localStore: ObjectStore;

beforeAll(async () => {
  s3 = await startS3TestServer();
  folder = await mkdtemp(join(tmpdir(), 'krom-uploads-'));
  s3Store = s3ObjectStore({
    endpoint: s3.env.S3_ENDPOINT,
    bucket: s3.env.S3_BUCKET,
    region: s3.env.S3_REGION,
    accessKeyId: s3.env.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
  });
  localStore = localObjectStore(folder);
});
afterAll(async () => {
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

describeObjectStore('s3', () => s3Store);
describeObjectStore('local', () => localStore);

describe('the local store', () => {
  it('refuses a key that would leave its folder', async () => {
    await expect(localStore.put('../escape.png', sampleImages.png, 'image/png')).rejects.toThrow(/outside the store/);
  });
});
