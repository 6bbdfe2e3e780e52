import { uploadErrors } from '@krom/contracts/http/auth';
import { dailySubmissionLimit, verificationErrors, verificationMessages } from '@krom/contracts/http/verification';
import { createLogger } from '@krom/server-kit/logger';
import { describe, expect, it } from 'vitest';
import { pruneUnusedUploads } from '../src/uploads/unused-upload-prune.ts';
import { pngOfSize, registerThrough, sampleImages } from './identity-test-env.ts';
import { driverFields, identityFields, png, verificationTestService, yearsFromToday } from './verification-env.ts';

const env = verificationTestService();

const MB5 = 5 * 1024 * 1024;
const registered = () => registerThrough(env.service, env.as);

/** The stored photos of a submission: slot, object key, content type. */
async function documentsOf(submissionId: string) {
  const { rows } = await env.service.db.$client.query<{ slot: string; object_key: string; content_type: string; public_id: string; kind: string }>(
    `SELECT d.slot, u.object_key, u.content_type, u.public_id, u.kind FROM verification_documents d JOIN uploads u ON u.id = d.upload_id
     WHERE d.submission_id = $1 ORDER BY d.slot`,
    [submissionId],
  );
  return rows;
}
async function userRow(userId: string) {
  // Dates as the text PostgreSQL stores, not parsed into a local midnight.
  const { rows } = await env.service.db.$client.query('SELECT *, date_of_birth::text AS date_of_birth FROM users WHERE id = $1', [userId]);
  return rows[0] as Record<string, unknown>;
}
async function submissionsOf(userId: string) {
  const { rows } = await env.service.db.$client.query<{ id: string; kind: string; status: string }>(
    'SELECT id, kind, status FROM verification_submissions WHERE user_id = $1 ORDER BY submitted_at',
    [userId],
  );
  return rows;
}
const readAll = async (key: string) => {
  const object = await env.service.store.get(key);
  if (!object) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('POST /verification/identity', () => {
  it('queues the form, stores the photos under server-made keys with the type their bytes show, and marks the account pending', async () => {
    const person = await registered();
    const receipt = await env.calls.submitIdentity(person.id, { cardNumber: 'gha-123456789-1' });
    expect(receipt).toMatchObject({ kind: 'identity', status: 'pending' });

    const documents = await documentsOf(receipt.id);
    expect(documents.map((d) => [d.slot, d.content_type, d.kind])).toEqual([
      ['cardPhoto', 'image/png', 'verification'],
      ['selfiePhoto', 'image/jpeg', 'verification'],
    ]);
    for (const document of documents) expect(document.object_key).toMatch(new RegExp(`^verification/${person.id}/[0-9a-f-]{36}\\.(png|jpg)$`));
    expect((await readAll(documents[0]?.object_key ?? ''))?.equals(sampleImages.png)).toBe(true);

    const user = await userRow(person.id);
    // Lower-case input is the same card, stored upper-case.
    expect(user).toMatchObject({ verification_status: 'pending', ghana_card_number: 'GHA-123456789-1', verification_full_name: 'Ama Serwaa Mensah', is_verified: false });
    expect(user.verification_submitted_at).toBeInstanceOf(Date);

    const me = await env.calls.me(person.id);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      verificationStatus: 'pending',
      driverVerificationStatus: 'not_submitted',
      identity: { id: receipt.id, status: 'pending', decidedAt: null, reason: null },
      driver: null,
    });
  });

  it('takes the form without photos', async () => {
    const person = await registered();
    const response = await env.calls.submit(person.id, 'identity', identityFields());
    expect(response.statusCode, response.body).toBe(201);
    expect(await documentsOf(response.json().id)).toEqual([]);
  });

  it('goes by the bytes: a text file named .png is refused and nothing is kept', async () => {
    const person = await registered();
    const response = await env.calls.submit(person.id, 'identity', {
      ...identityFields(),
      cardPhoto: { data: Buffer.from('hello, not an image'), filename: 'card.png', type: 'image/png' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(uploadErrors.notImage);
    expect(await submissionsOf(person.id)).toEqual([]);
    expect((await userRow(person.id)).verification_status).toBe('not_submitted');
  });

  it('holds each photo to 5 MB', async () => {
    const person = await registered();
    const over = await env.calls.submit(person.id, 'identity', { ...identityFields(), cardPhoto: { data: pngOfSize(MB5 + 1), filename: 'big.png', type: 'image/png' } });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(uploadErrors.tooLarge);
    const exact = await env.calls.submit(person.id, 'identity', { ...identityFields(), cardPhoto: { data: pngOfSize(MB5), filename: 'big.png', type: 'image/png' } });
    expect(exact.statusCode).toBe(201);
  });

  it('ignores file fields the form does not have', async () => {
    const person = await registered();
    const response = await env.calls.submit(person.id, 'identity', { ...identityFields(), somethingElse: png(), licenseFrontPhoto: png() });
    expect(response.statusCode).toBe(201);
    expect(await documentsOf(response.json().id)).toEqual([]);
  });

  it('supersedes a waiting submission when sent again', async () => {
    const person = await registered();
    const first = await env.calls.submitIdentity(person.id);
    const second = await env.calls.submitIdentity(person.id, { fullName: 'Ama S. Mensah' });
    expect(await submissionsOf(person.id)).toEqual([
      { id: first.id, kind: 'identity', status: 'superseded' },
      { id: second.id, kind: 'identity', status: 'pending' },
    ]);
    const queue = (await env.calls.queue()).json();
    expect(queue.items.map((item: { id: string }) => item.id)).toContain(second.id);
    expect(queue.items.map((item: { id: string }) => item.id)).not.toContain(first.id);
  });

  it('refuses an identity form once the identity is approved (409)', async () => {
    const person = await registered();
    const receipt = await env.calls.submitIdentity(person.id);
    expect((await env.calls.decide(receipt.id, { decision: 'approved' })).statusCode).toBe(200);
    const again = await env.calls.submit(person.id, 'identity', identityFields());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(verificationErrors.alreadyVerified);
  });

  it('sends a rejected identity back to the queue as a new pending submission', async () => {
    const person = await registered();
    const first = await env.calls.submitIdentity(person.id);
    await env.calls.decide(first.id, { decision: 'rejected', reason: 'The card photo is blurred' });
    expect((await env.calls.me(person.id)).json()).toMatchObject({ verificationStatus: 'rejected', identity: { status: 'rejected', reason: 'The card photo is blurred' } });

    const second = await env.calls.submitIdentity(person.id);
    expect((await userRow(person.id)).verification_status).toBe('pending');
    const item = (await env.calls.queue('?kind=identity')).json().items.find((i: { id: string }) => i.id === second.id);
    expect(item).toMatchObject({ status: 'pending', previousRejections: 1, documentCount: 2, userName: `${person.firstName} ${person.lastName}` });
    expect((await submissionsOf(person.id)).map((s) => s.status)).toEqual(['rejected', 'pending']);
  });

  it('answers 401 to a caller that is not a user', async () => {
    const anonymous = await env.service.app.inject({ method: 'POST', url: '/verification/identity', headers: await env.as({ kind: 'public' }), payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const staff = await env.service.app.inject({ method: 'POST', url: '/verification/identity', headers: await env.calls.asStaff(), payload: {} });
    expect(staff.statusCode).toBe(401);
  });

  it('reads a body that is not a form as a form without fields (400, never 5xx)', async () => {
    const person = await registered();
    const response = await env.service.app.inject({ method: 'POST', url: '/verification/identity', headers: await env.calls.asUser(person.id), payload: { fullName: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(verificationMessages.fullNameRequired);
  });
});

describe('POST /verification/driver', () => {
  it('needs the identity form first (409)', async () => {
    const person = await registered();
    const response = await env.calls.submit(person.id, 'driver', driverFields());
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(verificationErrors.identityFirst);
  });

  it('queues the licence with its four photos while the identity is pending, and marks the driver status pending', async () => {
    const person = await registered();
    await env.calls.submitIdentity(person.id);
    const receipt = await env.calls.submitDriver(person.id, { licenseNumber: 'dvla-987654' });
    expect(receipt).toMatchObject({ kind: 'driver', status: 'pending' });
    expect((await documentsOf(receipt.id)).map((d) => d.slot)).toEqual(['ghanaCardBackPhoto', 'ghanaCardFrontPhoto', 'licenseBackPhoto', 'licenseFrontPhoto']);
    const user = await userRow(person.id);
    expect(user).toMatchObject({ driver_verification_status: 'pending', verification_status: 'pending', license_number: 'DVLA-987654', license_class: 'B', is_driver: false });
    expect(user.date_of_birth).toBe(driverFields().dateOfBirth);
  });

  it('must name the card the identity form gave (400), and the user sees that card and name to start from', async () => {
    const person = await registered();
    await env.calls.submitIdentity(person.id);
    const other = await env.calls.submit(person.id, 'driver', { ...driverFields(), cardNumber: 'GHA-999999999-9', fullName: 'Someone Else' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ message: verificationMessages.cardMismatch, errors: [{ field: 'cardNumber', message: verificationMessages.cardMismatch }] });
    expect((await env.calls.me(person.id)).json().identity).toMatchObject({ cardNumber: identityFields().cardNumber, fullName: identityFields().fullName });
    expect((await env.calls.submit(person.id, 'driver', { ...driverFields(), cardNumber: identityFields().cardNumber.toLowerCase() })).statusCode).toBe(201);
  });

  it('refuses a driver already approved (409)', async () => {
    const person = await registered();
    await env.calls.submitIdentity(person.id);
    const receipt = await env.calls.submitDriver(person.id);
    expect((await env.calls.decide(receipt.id, { decision: 'approved' })).statusCode).toBe(200);
    const again = await env.calls.submit(person.id, 'driver', driverFields());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(verificationErrors.driverAlreadyVerified);
  });
});

describe('the forms are judged with the spec messages', () => {
  it.each([
    ['identity', { cardNumber: 'GHA-12345-1' }, 'cardNumber', verificationMessages.cardNumberFormat],
    ['identity', { cardNumber: 'GHB-123456789-1' }, 'cardNumber', verificationMessages.cardNumberFormat],
    ['identity', { cardNumber: '' }, 'cardNumber', verificationMessages.cardNumberRequired],
    ['identity', { expiryDate: yearsFromToday(-1) }, 'expiryDate', verificationMessages.expiryFuture],
    ['identity', { fullName: '' }, 'fullName', verificationMessages.fullNameRequired],
    ['driver', { dateOfBirth: yearsFromToday(-17) }, 'dateOfBirth', verificationMessages.driverTooYoung],
    ['driver', { licenseClass: undefined }, 'licenseClass', verificationMessages.licenseClassRequired],
    ['driver', { licenseClass: 'Z' }, 'licenseClass', verificationMessages.licenseClassRequired],
    ['driver', { licenseExpiryDate: yearsFromToday(-1) }, 'licenseExpiryDate', verificationMessages.licenseExpiryFuture],
    ['identity', { expiryDate: '2030-02-30' }, 'expiryDate', verificationMessages.invalidDate],
    ['identity', { expiryDate: yearsFromToday(40) }, 'expiryDate', verificationMessages.invalidDate],
    ['driver', { dateOfBirth: '1990-13-01' }, 'dateOfBirth', verificationMessages.invalidDate],
    ['identity', { fullName: '\u200b\u200b\u200b' }, 'fullName', verificationMessages.fullNameRequired],
    ['identity', { fullName: ' . - ' }, 'fullName', verificationMessages.fullNameRequired],
  ] as const)('%s form %j → %s: %s', async (kind, change, field, message) => {
    const person = await registered();
    const base: Record<string, string | undefined> = { ...(kind === 'identity' ? identityFields() : driverFields()), ...change };
    const fields = Object.fromEntries(Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const response = await env.calls.submit(person.id, kind, fields);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().errors).toContainEqual({ field, message });
  });
});

describe('limits', () => {
  it(`takes at most ${dailySubmissionLimit} forms a day from one user (429), kept until then`, async () => {
    const person = await registered();
    for (let i = 0; i < dailySubmissionLimit; i++) expect((await env.calls.submit(person.id, 'identity', identityFields())).statusCode).toBe(201);
    const over = await env.calls.submit(person.id, 'identity', identityFields());
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(verificationErrors.tooManySubmissions);
    expect((await env.calls.me(person.id)).json()).toMatchObject({ verificationStatus: 'pending', identity: { status: 'pending' } });
  });

  it('refuses a form with too many files in words, not the parser\'s', async () => {
    const person = await registered();
    const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`extra${i}`, png(`extra${i}.png`)]));
    const response = await env.calls.submit(person.id, 'identity', { ...identityFields(), ...files });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(verificationErrors.tooManyFiles);
  });
});

describe('verification photos', () => {
  it('are never served by /uploads, not even to their owner, and never pruned as unused', async () => {
    const person = await registered();
    const receipt = await env.calls.submitIdentity(person.id);
    const [document] = await documentsOf(receipt.id);
    const viaUploads = await env.service.app.inject({ method: 'GET', url: `/uploads/${document?.public_id}`, headers: await env.calls.asUser(person.id) });
    expect(viaUploads.statusCode).toBe(404);
    const deleted = await env.service.app.inject({ method: 'DELETE', url: `/uploads/${document?.public_id}`, headers: await env.calls.asUser(person.id) });
    expect(deleted.statusCode).toBe(404);

    await pruneUnusedUploads({ db: env.service.db, store: env.service.store, logger: createLogger('test', 'silent') }, { now: new Date(Date.now() + 48 * 3600_000) });
    expect(await documentsOf(receipt.id)).toHaveLength(2);
    expect(await readAll(document?.object_key ?? '')).toBeDefined();
  });

  it('count against the daily upload quota', async () => {
    const person = await registered();
    const { rows: before } = await env.service.db.$client.query('SELECT uploads FROM upload_quota_usage WHERE owner_id = $1', [person.id]);
    expect(before).toEqual([]);
    await env.calls.submitIdentity(person.id);
    const { rows } = await env.service.db.$client.query<{ uploads: number }>('SELECT uploads FROM upload_quota_usage WHERE owner_id = $1', [person.id]);
    expect(rows[0]?.uploads).toBe(2);
  });

  it('go with the account when it is deleted, with the submissions', async () => {
    const person = await registered();
    const receipt = await env.calls.submitIdentity(person.id);
    const keys = (await documentsOf(receipt.id)).map((d) => d.object_key);
    const deleted = await env.service.app.inject({ method: 'DELETE', url: '/users/me', headers: await env.calls.asUser(person.id) });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await submissionsOf(person.id)).toEqual([]);
    for (const key of keys) expect(await env.service.store.get(key)).toBeUndefined();
  });
});
