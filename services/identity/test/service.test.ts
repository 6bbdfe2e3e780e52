import { ASSERTION_HEADER, signAssertion } from '@krom/server-kit/internal-auth';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isolatedTestEnv } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readIdentityConfig } from '../src/config.ts';
import { openIdentityService } from '../src/open-identity.ts';
import { closeIdentity } from './identity-test-env.ts';

const env = isolatedTestEnv('identity');
const uploadsDir = join(tmpdir(), `krom-uploads-${env.tag}`);
const config = readIdentityConfig({
  LOG_LEVEL: 'silent',
  UPLOADS_DIR: uploadsDir,
  PORT: '0',
  DATABASE_URL: env.databaseUrl,
  NATS_URL: env.natsUrl,
  BUS_PREFIX: env.busPrefix,
  INTERNAL_AUTH_SECRET: env.internalSecret,
});
let service: Awaited<ReturnType<typeof openIdentityService>>;

beforeAll(async () => {
  service = await openIdentityService(config);
});
afterAll(async () => {
  await closeIdentity(service, config.DATABASE_URL);
  await rm(uploadsDir, { recursive: true, force: true });
});

it('creates and migrates its own database', async () => {
  const { rows } = await service.db.$client.query("SELECT to_regclass('outbox') AS outbox, to_regclass('handled_events') AS handled");
  expect(rows[0]).toEqual({ outbox: 'outbox', handled: 'handled_events' });
});

it('answers ready with its database, NATS and object store', async () => {
  const response = await service.app.inject({ method: 'GET', url: '/health/ready' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', nats: 'ok', objectStore: 'ok' } });
});

it('keeps uploads in a local folder when no S3 bucket is configured', () => {
  expect(service.store.name).toBe('local');
  expect(config.UPLOADS_DIR).toBe(uploadsDir);
});

it('refuses requests without a valid assertion for identity', async () => {
  const none = await service.app.inject({ method: 'GET', url: '/anything' });
  const forOther = await service.app.inject({
    method: 'GET',
    url: '/anything',
    headers: { [ASSERTION_HEADER]: await signAssertion(config.INTERNAL_AUTH_SECRET, { kind: 'public' }, 'admin') },
  });
  expect(none.statusCode).toBe(401);
  expect(forOther.statusCode).toBe(401);
});

it('refuses to start on a bad setting, naming it', () => {
  expect(() => readIdentityConfig({ PORT: 'eighty', INTERNAL_AUTH_SECRET: 'short' })).toThrow(/PORT[\s\S]*INTERNAL_AUTH_SECRET|INTERNAL_AUTH_SECRET[\s\S]*PORT/);
});

describe('object store settings', () => {
  const base = { PORT: '0', INTERNAL_AUTH_SECRET: 'x'.repeat(40) };

  it('use S3 when a bucket and its keys are set, with us-east-1 as the default region', () => {
    const config = readIdentityConfig({ ...base, S3_BUCKET: 'krom-uploads', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' });
    expect(config.S3_REGION).toBe('us-east-1');
  });

  it('refuse half an S3 setup, naming what is missing', () => {
    expect(() => readIdentityConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:4569', S3_BUCKET: 'krom-uploads' })).toThrow(
      /S3_ACCESS_KEY_ID: required[\s\S]*S3_SECRET_ACCESS_KEY: required/,
    );
  });

  it('refuse production without S3 (a container disk would lose the photos)', () => {
    expect(() => readIdentityConfig({ ...base, NODE_ENV: 'production' })).toThrow(/S3_BUCKET: required in production/);
  });

  it('treat empty values (as compose passes unset ones) as unset', () => {
    expect(readIdentityConfig({ ...base, S3_ENDPOINT: '', S3_BUCKET: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }).S3_BUCKET).toBeUndefined();
  });
});
