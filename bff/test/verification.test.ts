import { randomUUID } from 'node:crypto';
import { uploadErrors } from '@krom/contracts/http/auth';
import { staffRoleRefusal } from '@krom/contracts/http/staff-roles-values';
import { verificationErrors, verificationMessages } from '@krom/contracts/http/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, pngOfSize, sampleImages } from '../../services/identity/test/identity-test-env.ts';
import { driverFields, identityFields, jpeg, png } from '../../services/identity/test/verification-env.ts';
import { type BffSystem, type Browser, browser, sessionCookie, signedUp, startBff } from './bff-test-env.ts';

let system: BffSystem;
beforeAll(async () => {
  system = await startBff({ services: ['identity'], overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' } });
});
afterAll(() => system.close());

let ips = 0;
const visitor = () => browser(system.bff, `10.7.0.${++ips}`);
const MB5 = 5 * 1024 * 1024;

/** A browser signed in as staff (the admin service's first admin). */
async function staff(): Promise<Browser> {
  const b = visitor();
  const login = await b.post('/api/admin/login', { username: 'founder', password: 'first-admin-pass' });
  expect(login.statusCode).toBe(200);
  b.adopt(sessionCookie(login));
  return b;
}
const sendIdentity = async (b: Browser, fields: Record<string, unknown> = {}) =>
  b.send('POST', '/api/auth/verify-identity', await multipartForm({ ...identityFields(), cardPhoto: png('card.png'), selfiePhoto: jpeg('selfie.jpg'), ...fields } as never));
const sendDriver = async (b: Browser, fields: Record<string, unknown> = {}) =>
  b.send(
    'POST',
    '/api/auth/verify-driver-identity',
    await multipartForm({
      ...driverFields(),
      ghanaCardFrontPhoto: png('front.png'),
      ghanaCardBackPhoto: png('back.png'),
      licenseFrontPhoto: jpeg('lf.jpg'),
      licenseBackPhoto: jpeg('lb.jpg'),
      ...fields,
    } as never),
  );

async function userWithPendingIdentity() {
  const b = visitor();
  const person = await signedUp(system.bff, b);
  const response = await sendIdentity(b);
  expect(response.statusCode, response.body).toBe(201);
  return { b, person, submission: response.json() as { id: string } };
}

describe('sending the forms', () => {
  it('streams the identity form to identity, and the current user shows the pending status at once', async () => {
    const b = visitor();
    await signedUp(system.bff, b);
    // Read first, so the BFF holds a copy of the current user that the submission must drop.
    expect((await b.get('/api/auth/user')).json().verificationStatus).toBe('not_submitted');
    const response = await sendIdentity(b);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'identity', status: 'pending' });
    expect((await b.get('/api/auth/user')).json().verificationStatus).toBe('pending');
    expect((await b.get('/api/auth/verification')).json()).toMatchObject({ verificationStatus: 'pending', identity: { id: response.json().id } });
  });

  it("passes identity's answers on: the spec's messages, 409s", async () => {
    const b = visitor();
    await signedUp(system.bff, b);
    const early = await sendDriver(b);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(verificationErrors.identityFirst);
    const wrong = await sendIdentity(b, { cardNumber: 'GHA-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: verificationMessages.cardNumberFormat, errors: [{ field: 'cardNumber', message: verificationMessages.cardNumberFormat }] });
    const text = await sendIdentity(b, { cardPhoto: { data: Buffer.from('not an image'), filename: 'card.png', type: 'image/png' } });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(uploadErrors.notImage);
  });

  it('lets a driver form of four 5 MB photos through, and refuses a bigger body at the door (413)', async () => {
    const { b } = await userWithPendingIdentity();
    const big = (name: string) => ({ data: pngOfSize(MB5), filename: name, type: 'image/png' });
    const full = await sendDriver(b, { ghanaCardFrontPhoto: big('a.png'), ghanaCardBackPhoto: big('b.png'), licenseFrontPhoto: big('c.png'), licenseBackPhoto: big('d.png') });
    expect(full.statusCode, full.body).toBe(201);
    const over = await sendDriver(b, {
      ghanaCardFrontPhoto: big('a.png'),
      ghanaCardBackPhoto: big('b.png'),
      licenseFrontPhoto: big('c.png'),
      licenseBackPhoto: big('d.png'),
      extraPhoto: { data: pngOfSize(200 * 1024), filename: 'e.png', type: 'image/png' },
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(uploadErrors.tooLarge);
  });

  it('is for signed-in users only (401)', async () => {
    const anonymous = visitor();
    expect((await sendIdentity(anonymous)).statusCode).toBe(401);
    expect((await anonymous.get('/api/auth/verification')).statusCode).toBe(401);
    const admin = await staff();
    expect((await sendIdentity(admin)).statusCode).toBe(401);
  });
});

describe('staff review through the BFF', () => {
  it('is closed to users and anonymous callers (401)', async () => {
    const { b, submission } = await userWithPendingIdentity();
    for (const caller of [b, visitor()]) {
      expect((await caller.get('/api/admin/verifications')).statusCode).toBe(401);
      expect((await caller.get(`/api/admin/verifications/${submission.id}`)).statusCode).toBe(401);
      expect((await caller.post(`/api/admin/verifications/${submission.id}/decision`, { decision: 'approved' })).statusCode).toBe(401);
    }
  });

  it('lets staff list, open and decide; the user sees the new status right after', async () => {
    const { b, person, submission } = await userWithPendingIdentity();
    // The user's current user is cached in the BFF before the decision.
    expect((await b.get('/api/auth/user')).json()).toMatchObject({ verificationStatus: 'pending', isVerified: false });

    const admin = await staff();
    const queue = await admin.get('/api/admin/verifications?kind=identity');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items.map((item: { id: string }) => item.id)).toContain(submission.id);
    const opened = await admin.get(`/api/admin/verifications/${submission.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ userId: person.id, status: 'pending', documents: [{ slot: 'cardPhoto' }, { slot: 'selfiePhoto' }] });

    const missingReason = await admin.post(`/api/admin/verifications/${submission.id}/decision`, { decision: 'rejected' });
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json().message).toBe(verificationErrors.reasonRequired);

    const decided = await admin.post(`/api/admin/verifications/${submission.id}/decision`, { decision: 'approved' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'approved', decision: { decision: 'approved' } });
    expect((await b.get('/api/auth/user')).json()).toMatchObject({ verificationStatus: 'approved', isVerified: true });

    const again = await admin.post(`/api/admin/verifications/${submission.id}/decision`, { decision: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(verificationErrors.alreadyDecided);
    expect((await admin.get(`/api/admin/verifications/${randomUUID()}`)).statusCode).toBe(404);
    expect((await admin.get('/api/admin/verifications/not-an-id')).statusCode).toBe(404);
  });

  it('shows a rejection and its reason to the user', async () => {
    const { b, submission } = await userWithPendingIdentity();
    const admin = await staff();
    await admin.post(`/api/admin/verifications/${submission.id}/decision`, { decision: 'rejected', reason: 'The card photo is blurred' });
    expect((await b.get('/api/auth/verification')).json()).toMatchObject({ verificationStatus: 'rejected', identity: { status: 'rejected', reason: 'The card photo is blurred' } });
    expect((await b.get('/api/auth/user')).json().verificationStatus).toBe('rejected');
  });
});

describe('GET /api/verification/documents/:documentId', () => {
  it('serves the photo to staff and its owner, 404 to another user, 401 to anonymous', async () => {
    const { b, submission } = await userWithPendingIdentity();
    const admin = await staff();
    const [card] = (await admin.get(`/api/admin/verifications/${submission.id}`)).json().documents as { url: string }[];
    const url = card?.url ?? '';

    const asStaff = await admin.get(url);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.headers['content-type']).toBe('image/png');
    expect(asStaff.headers['cache-control']).toBe('private, no-store');
    expect(asStaff.rawPayload.equals(sampleImages.png)).toBe(true);
    expect((await b.get(url)).statusCode).toBe(200);

    const other = visitor();
    await signedUp(system.bff, other);
    const stranger = await other.get(url);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(verificationErrors.documentNotFound);
    expect((await visitor().get(url)).statusCode).toBe(401);
    // A different first character, whatever the signature's own was (replacing it with a fixed one
    // leaves it unchanged one time in 64).
    const tampered = url.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect((await admin.get(tampered)).statusCode).toBe(403);
  });

  it('serves it to trust and safety staff, refuses other staff (403), and serves the owner signed in as other staff too', async () => {
    const { b, submission } = await userWithPendingIdentity();
    const admin = await staff();
    const [card] = (await admin.get(`/api/admin/verifications/${submission.id}`)).json().documents as { url: string }[];
    const url = card?.url ?? '';
    const staffWith = async (roles: string[], signedIn = visitor()) => {
      const username = `docs.${randomUUID().slice(0, 8)}`;
      expect((await admin.post('/api/admin/users', { username, password: 'staff-pass-1', roles })).statusCode).toBe(201);
      expect((await signedIn.post('/api/admin/login', { username, password: 'staff-pass-1' })).statusCode).toBe(200);
      return signedIn;
    };

    expect((await (await staffWith(['trust_safety'])).get(url)).statusCode).toBe(200);
    const support = await (await staffWith(['support'])).get(url);
    expect(support.statusCode).toBe(403);
    expect(support.json().message).toBe(staffRoleRefusal);
    // The owner's browser, signed in as support staff as well, is served as the owner.
    const both = await (await staffWith(['support'], b)).get(url);
    expect(both.statusCode).toBe(200);
    expect(both.rawPayload.equals(sampleImages.png)).toBe(true);
  });
});

it('refuses a form sent from another site (403), like every write', async () => {
  const { b } = await userWithPendingIdentity();
  const form = await multipartForm({ ...identityFields() });
  const crossSite = await system.bff.inject({ method: 'POST', url: '/api/auth/verify-identity', payload: form.payload, headers: { ...form.headers, origin: 'https://evil.example' }, cookies: b.cookies() });
  expect(crossSite.statusCode).toBe(403);
});
