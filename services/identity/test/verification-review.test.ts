import { randomUUID } from 'node:crypto';
import { userChanged, userSnapshotOf, verificationDecided } from '@krom/contracts/events/identity';
import { staffActionEvents } from '@krom/contracts/events/staff-actions';
import { documentLinkSeconds, verificationErrors } from '@krom/contracts/http/verification';
import { describe, expect, it } from 'vitest';
import { documentLinks } from '../src/verification/document-links.ts';
import { outboxEvents, registerThrough, sampleImages } from './identity-test-env.ts';
import { verificationTestService } from './verification-env.ts';

const env = verificationTestService();

const registered = () => registerThrough(env.service, env.as);
type Document = { id: string; slot: string; label: string; contentType: string; url: string; expiresAt: string };

async function pendingIdentity() {
  const person = await registered();
  const receipt = await env.calls.submitIdentity(person.id);
  return { person, receipt };
}

describe('staff review queue', () => {
  it('lists pending submissions oldest first, by kind, with the user, documents and pending count', async () => {
    const a = await pendingIdentity();
    const b = await pendingIdentity();
    await env.calls.submitDriver(b.person.id);
    const response = await env.calls.queue('?kind=identity');
    expect(response.statusCode).toBe(200);
    const { items, pendingCount } = response.json();
    const ids = items.map((item: { id: string }) => item.id);
    expect(ids.indexOf(a.receipt.id)).toBeLessThan(ids.indexOf(b.receipt.id));
    expect(items.every((item: { kind: string; status: string }) => item.kind === 'identity' && item.status === 'pending')).toBe(true);
    expect(pendingCount).toBe(items.length);
    expect(items.find((item: { id: string }) => item.id === a.receipt.id)).toEqual({
      id: a.receipt.id,
      kind: 'identity',
      status: 'pending',
      userId: a.person.id,
      userName: `${a.person.firstName} ${a.person.lastName}`,
      fullName: 'Ama Serwaa Mensah',
      submittedAt: a.receipt.submittedAt,
      documentCount: 2,
      previousRejections: 0,
    });
    const drivers = (await env.calls.queue('?kind=driver')).json().items;
    expect(drivers.map((item: { userId: string }) => item.userId)).toContain(b.person.id);
  });

  it('lists decided ones newest first', async () => {
    const first = await pendingIdentity();
    const second = await pendingIdentity();
    await env.calls.decide(first.receipt.id, { decision: 'approved' });
    await env.calls.decide(second.receipt.id, { decision: 'approved' });
    const items = (await env.calls.queue('?status=approved')).json().items.map((item: { id: string }) => item.id);
    expect(items.indexOf(second.receipt.id)).toBeLessThan(items.indexOf(first.receipt.id));
  });

  it('is staff only, and judges its query (400)', async () => {
    const { person } = await pendingIdentity();
    expect((await env.calls.queue('', await env.calls.asUser(person.id))).statusCode).toBe(401);
    expect((await env.calls.queue('?status=maybe')).statusCode).toBe(400);
  });
});

describe('one submission opened by staff', () => {
  it('shows its fields, labelled photos with working signed links, and the account', async () => {
    const { person, receipt } = await pendingIdentity();
    const response = await env.calls.open(receipt.id);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      id: receipt.id,
      kind: 'identity',
      user: { firstName: person.firstName, lastName: person.lastName, email: person.email.toLowerCase(), phone: person.phone },
      fields: { fullName: 'Ama Serwaa Mensah', cardNumber: 'GHA-123456789-0', dateOfBirth: null, licenseNumber: null },
      decision: null,
      history: [],
    });
    expect(detail.fields.expiryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(detail.documents.map((d: Document) => [d.slot, d.label, d.contentType])).toEqual([
      ['cardPhoto', 'Ghana card', 'image/png'],
      ['selfiePhoto', 'Selfie', 'image/jpeg'],
    ]);
    const [card] = detail.documents as Document[];
    expect(card?.url).toMatch(new RegExp(`^/api/verification/documents/${card?.id}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$`));
    const served = await env.calls.document(card?.url ?? '', await env.calls.asStaff());
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(sampleImages.png)).toBe(true);
  });

  it('answers 404 for an unknown or malformed id, and 401 to a user', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1']) {
      const response = await env.calls.open(id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(verificationErrors.submissionNotFound);
      expect((await env.calls.decide(id, { decision: 'approved' })).statusCode).toBe(404);
    }
    const { person, receipt } = await pendingIdentity();
    expect((await env.calls.open(receipt.id, await env.calls.asUser(person.id))).statusCode).toBe(401);
  });

  it("shows the account's other submissions of this kind with their decisions", async () => {
    const { person, receipt } = await pendingIdentity();
    await env.calls.decide(receipt.id, { decision: 'rejected', reason: 'Selfie does not match the card' });
    const again = await env.calls.submitIdentity(person.id);
    const detail = (await env.calls.open(again.id)).json();
    expect(detail.previousRejections).toBe(1);
    expect(detail.history).toEqual([
      {
        id: receipt.id,
        status: 'rejected',
        submittedAt: receipt.submittedAt,
        decision: { decision: 'rejected', reason: 'Selfie does not match the card', decidedAt: expect.any(String), decidedBy: env.calls.staffId },
      },
    ]);
  });
});

describe('GET /verification/documents/:documentId', () => {
  async function documentOf() {
    const { person, receipt } = await pendingIdentity();
    const [card] = (await env.calls.open(receipt.id)).json().documents as Document[];
    if (!card) throw new Error('no document');
    return { person, card };
  }

  it('serves the owner and staff, never cached, and is a 404 to any other user', async () => {
    const { person, card } = await documentOf();
    const owner = await env.calls.document(card.url, await env.calls.asUser(person.id));
    expect(owner.statusCode).toBe(200);
    expect(owner.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect((await env.calls.document(card.url, await env.calls.asStaff(randomUUID()))).statusCode).toBe(200);
    const other = await registered();
    const stranger = await env.calls.document(card.url, await env.calls.asUser(other.id));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(verificationErrors.documentNotFound);
    expect((await env.calls.document(card.url, await env.as({ kind: 'public' }))).statusCode).toBe(401);
  });

  it('refuses an expired link (403) and a missing or tampered signature (403)', async () => {
    const { card } = await documentOf();
    const links = documentLinks(env.config.INTERNAL_AUTH_SECRET);
    // Signed long enough ago that it has just run out: no waiting for the clock.
    const expired = links.sign(card.id, new Date(Date.now() - (documentLinkSeconds + 1) * 1000));
    const response = await env.calls.document(expired.url, await env.calls.asStaff());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(verificationErrors.documentLinkExpired);
    expect(links.check(card.id, String(Math.floor(expired.expiresAt.getTime() / 1000)), new URL(expired.url, 'http://x').searchParams.get('signature') ?? '', new Date(expired.expiresAt.getTime() - 1000))).toBe('valid');

    const url = new URL(card.url, 'http://x');
    const signature = url.searchParams.get('signature') ?? '';
    const tampered = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await env.calls.document(tampered, await env.calls.asStaff())).statusCode).toBe(403);
    // A later expiry with the old signature: the link cannot be stretched.
    const stretched = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${signature}`;
    expect((await env.calls.document(stretched, await env.calls.asStaff())).statusCode).toBe(403);
    expect((await env.calls.document(url.pathname, await env.calls.asStaff())).statusCode).toBe(403);
  });

  it('answers 404 for an unknown or malformed id whatever the link', async () => {
    const links = documentLinks(env.config.INTERNAL_AUTH_SECRET);
    expect((await env.calls.document(links.sign(randomUUID()).url, await env.calls.asStaff())).statusCode).toBe(404);
    expect((await env.calls.document('/api/verification/documents/not-a-uuid?expires=1&signature=abc', await env.calls.asStaff())).statusCode).toBe(404);
  });
});

describe('deciding a submission', () => {
  it('needs a reason to reject (400), in the spec words', async () => {
    const { receipt } = await pendingIdentity();
    for (const payload of [{ decision: 'rejected' }, { decision: 'rejected', reason: '   ' }]) {
      const response = await env.calls.decide(receipt.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(verificationErrors.reasonRequired);
    }
    expect((await env.calls.decide(receipt.id, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await env.calls.open(receipt.id)).json().status).toBe('pending');
  });

  it('approves an identity: the account is verified, a higher version is published with verification.decided, and a second decision is 409', async () => {
    const { person, receipt } = await pendingIdentity();
    const snapshotsBefore = await outboxEvents(env.service, userSnapshotOf(person.id).subject);
    const versionBefore = Math.max(...snapshotsBefore.map((e) => e.data.version as number));

    const response = await env.calls.decide(receipt.id, { decision: 'approved' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: receipt.id, status: 'approved', decision: { decision: 'approved', reason: null, decidedBy: env.calls.staffId } });

    const { rows } = await env.service.db.$client.query('SELECT verification_status, is_verified, verification_approved_at, version FROM users WHERE id = $1', [person.id]);
    expect(rows[0]).toMatchObject({ verification_status: 'approved', is_verified: true, version: versionBefore + 1 });
    expect(rows[0].verification_approved_at).toBeInstanceOf(Date);

    const decided = (await outboxEvents(env.service, verificationDecided.subject)).filter((e) => e.data.userId === person.id);
    expect(decided).toHaveLength(1);
    expect(decided[0]?.data).toEqual({
      submissionId: receipt.id,
      userId: person.id,
      kind: 'identity',
      decision: 'approved',
      reason: null,
      decidedBy: env.calls.staffId,
      decidedAt: expect.any(String),
      isVerified: true,
      verificationStatus: 'approved',
      isDriver: false,
      driverVerificationStatus: 'not_submitted',
      version: versionBefore + 1,
    });
    const snapshot = (await outboxEvents(env.service, userSnapshotOf(person.id).subject)).at(-1);
    expect(snapshot?.data).toMatchObject({ version: versionBefore + 1, isVerified: true, verificationStatus: 'approved' });
    const changed = (await outboxEvents(env.service, userChanged.subject)).filter((e) => e.data.userId === person.id).at(-1);
    expect(changed?.data.version).toBe(versionBefore + 1);

    const second = await env.calls.decide(receipt.id, { decision: 'rejected', reason: 'Changed my mind' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(verificationErrors.alreadyDecided);
    expect((await outboxEvents(env.service, verificationDecided.subject)).filter((e) => e.data.userId === person.id)).toHaveLength(1);
  });

  it('rejects an identity with the reason the user then sees', async () => {
    const { person, receipt } = await pendingIdentity();
    const response = await env.calls.decide(receipt.id, { decision: 'rejected', reason: '  The card has expired  ' });
    expect(response.json().decision).toMatchObject({ decision: 'rejected', reason: 'The card has expired' });
    expect((await env.calls.me(person.id)).json()).toMatchObject({
      verificationStatus: 'rejected',
      identity: { id: receipt.id, status: 'rejected', reason: 'The card has expired', decidedAt: expect.any(String) },
    });
    const decided = (await outboxEvents(env.service, verificationDecided.subject)).find((e) => e.data.submissionId === receipt.id);
    expect(decided?.data).toMatchObject({ decision: 'rejected', reason: 'The card has expired', isVerified: false, verificationStatus: 'rejected' });
    // The audit log's copy, committed with the decision: who decided what, why and about which submission.
    const audited = (await outboxEvents(env.service, staffActionEvents.identity.subject)).filter((e) => e.data.targetId === receipt.id);
    expect(audited.map((e) => e.data)).toEqual([
      expect.objectContaining({ action: 'verification.rejected', targetType: 'verification', reason: 'The card has expired', details: { kind: 'identity', userId: person.id } }),
    ]);
    expect(audited[0]?.data.actorId).toBe(decided?.data.decidedBy);
  });

  it('approves a driver: the account becomes a driver', async () => {
    const { person } = await pendingIdentity();
    const receipt = await env.calls.submitDriver(person.id);
    await env.calls.decide(receipt.id, { decision: 'approved', reason: 'Licence checked with DVLA' });
    const { rows } = await env.service.db.$client.query('SELECT driver_verification_status, is_driver, driver_verification_approved_at, verification_status FROM users WHERE id = $1', [person.id]);
    expect(rows[0]).toMatchObject({ driver_verification_status: 'approved', is_driver: true, verification_status: 'pending' });
    expect(rows[0].driver_verification_approved_at).toBeInstanceOf(Date);
    const decided = (await outboxEvents(env.service, verificationDecided.subject)).find((e) => e.data.submissionId === receipt.id);
    expect(decided?.data).toMatchObject({ kind: 'driver', isDriver: true, driverVerificationStatus: 'approved', verificationStatus: 'pending' });
  });

  it('lets exactly one of two staff deciding at once win', async () => {
    const { person, receipt } = await pendingIdentity();
    const [approve, reject] = await Promise.all([
      env.calls.decide(receipt.id, { decision: 'approved' }, await env.calls.asStaff(randomUUID())),
      env.calls.decide(receipt.id, { decision: 'rejected', reason: 'Photo is unreadable' }, await env.calls.asStaff(randomUUID())),
    ]);
    expect([approve?.statusCode, reject?.statusCode].sort()).toEqual([200, 409]);
    const winner = approve?.statusCode === 200 ? 'approved' : 'rejected';
    expect((await env.calls.open(receipt.id)).json().status).toBe(winner);
    expect((await env.calls.me(person.id)).json().verificationStatus).toBe(winner);
    expect((await outboxEvents(env.service, verificationDecided.subject)).filter((e) => e.data.userId === person.id)).toHaveLength(1);
  });

  it('is staff only (401 to a user, before the body is judged)', async () => {
    const { person, receipt } = await pendingIdentity();
    expect((await env.calls.decide(receipt.id, { decision: 'approved' }, await env.calls.asUser(person.id))).statusCode).toBe(401);
    expect((await env.calls.decide(receipt.id, {}, await env.calls.asUser(person.id))).statusCode).toBe(401);
  });
});
