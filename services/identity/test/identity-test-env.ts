import type { EventEnvelope } from '@krom/contracts/envelope';
import { userSnapshotStream } from '@krom/contracts/events/identity';
import type { Caller } from '@krom/server-kit/internal-auth';
import { lastPerSubjectStreamName } from '@krom/server-kit/last-per-subject-stream';
import { dropDatabaseWhenIdle, isolatedServiceConfig, type TestPerson, uniquePerson } from '@krom/server-kit/testing';
import { readIdentityConfig } from '../src/config.ts';
import type { openIdentityService } from '../src/open-identity.ts';

export type IdentityService = Awaited<ReturnType<typeof openIdentityService>>;

/** A fresh, isolated identity-service configuration on the real PostgreSQL and NATS. */
export const identityTestConfig = (overrides: Record<string, string> = {}) => isolatedServiceConfig('identity', readIdentityConfig, overrides);

/** Closes a service opened by a test and removes its streams and database. */
export async function closeIdentity(service: IdentityService, databaseUrl: string): Promise<void> {
  await service.bus.jsm.streams.delete(lastPerSubjectStreamName(service.bus, userSnapshotStream)).catch(() => undefined);
  await service.bus.jsm.streams.delete(service.bus.streamName).catch(() => undefined);
  await service.app.close();
  await dropDatabaseWhenIdle(databaseUrl);
}

/** A registration no other test in the file uses: unique e-mail and phone. */
export const newPerson = (overrides: Partial<TestPerson> = {}) =>
  uniquePerson({ firstName: 'Ama', lastName: 'Mensah', phonePrefix: '024', password: 'Kente-Weave-2026' }, overrides);

/** Events of `type` in the service's outbox, oldest first (what the relay publishes). */
export async function outboxEvents(service: IdentityService, type: string): Promise<EventEnvelope<Record<string, unknown>>[]> {
  const { rows } = await service.db.$client.query<{ envelope: EventEnvelope<Record<string, unknown>> }>(
    'SELECT envelope FROM outbox WHERE subject = $1 ORDER BY created_at',
    [type],
  );
  return rows.map((row) => row.envelope);
}

/** A multipart body exactly as a browser's FormData would send it. */
export async function multipartForm(fields: Record<string, string | { data: Buffer; filename: string; type: string }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.filename);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** Small real images: 1×1 PNG, GIF and WebP files and a JPEG as cameras begin them. */
export const sampleImages = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]),
  gif: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
  webp: Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64'),
};

/** A PNG padded to exactly `size` bytes (still a PNG by its bytes). */
export const pngOfSize = (size: number) => Buffer.concat([sampleImages.png, Buffer.alloc(size - sampleImages.png.length, 0x20)]);

/** Registers `person` through the service's own route and returns the account's id. */
export async function registerThrough(service: IdentityService, as: (caller: Caller) => Promise<Record<string, string>>, person = newPerson()) {
  const response = await service.app.inject({ method: 'POST', url: '/users', headers: await as({ kind: 'public' }), payload: person });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  return { ...person, id: response.json().id as string };
}
