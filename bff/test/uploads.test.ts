import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, pngOfSize, sampleImages } from '../../services/identity/test/identity-test-env.ts';
import { identityFields, jpeg, png } from '../../services/identity/test/verification-env.ts';
import { type BffSystem, type Browser, browser, signedUp, startBff } from './bff-test-env.ts';

let system: BffSystem;
beforeAll(async () => {
  system = await startBff({ services: ['identity'], overrides: { RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' } });
});
afterAll(() => system.close());

let ips = 0;
const visitor = () => browser(system.bff, `10.6.0.${++ips}`);
const MB5 = 5 * 1024 * 1024;

/** The upload as the profile screen sends it: the image, its type and the (ignored) user id. */
async function upload(b: Browser, file: { data: Buffer; filename: string; type: string }) {
  return b.send('POST', '/api/upload', await multipartForm({ image: file, type: 'profile', userId: 'whoever' }));
}

describe('POST /api/upload', () => {
  it('streams the image to identity and answers its URL, which serves the same bytes', async () => {
    const b = visitor();
    await signedUp(system.bff, b);
    const response = await upload(b, { data: sampleImages.png, filename: 'me.png', type: 'image/png' });
    expect(response.statusCode).toBe(201);
    const { url, publicId } = response.json();
    expect(url).toBe(`/api/uploads/${publicId}`);
    const served = await b.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(sampleImages.png)).toBe(true);
  });

  it('judges the bytes: a PNG named .txt is an image, a text file named .png is not', async () => {
    const b = visitor();
    await signedUp(system.bff, b);
    expect((await upload(b, { data: sampleImages.png, filename: 'notes.txt', type: 'text/plain' })).statusCode).toBe(201);
    const text = await upload(b, { data: Buffer.from('hello, not an image'), filename: 'avatar.png', type: 'image/png' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Please select an image file');
  });

  it('takes exactly 5 MB and refuses one byte more with the spec message', async () => {
    const b = visitor();
    await signedUp(system.bff, b);
    expect((await upload(b, { data: pngOfSize(MB5), filename: 'big.png', type: 'image/png' })).statusCode).toBe(201);
    const over = await upload(b, { data: pngOfSize(MB5 + 1), filename: 'bigger.png', type: 'image/png' });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('Image must be smaller than 5MB');
  });

  it('refuses a much larger body at the door with the same message', async () => {
    const b = visitor();
    await signedUp(system.bff, b);
    const response = await upload(b, { data: pngOfSize(8 * 1024 * 1024), filename: 'huge.png', type: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Image must be smaller than 5MB');
  });

  it('sets it as the profile photo, which the current user then shows', async () => {
    const b = visitor();
    await signedUp(system.bff, b);
    const { url } = (await upload(b, { data: sampleImages.jpeg, filename: 'me.jpg', type: 'image/jpeg' })).json();
    const saved = await b.put('/api/auth/profile', { firstName: 'Akua', lastName: 'Boateng', profileImageUrl: url });
    expect(saved.statusCode).toBe(200);
    expect((await b.get('/api/auth/user')).json().profileImageUrl).toBe(url);
  });
});

describe('who sees and deletes an upload', () => {
  it('shows a profile photo to another signed-in user and to a guest, as a driver photo on a public listing', async () => {
    const owner = visitor();
    await signedUp(system.bff, owner);
    const { url } = (await upload(owner, { data: sampleImages.png, filename: 'me.png', type: 'image/png' })).json();
    const other = visitor();
    await signedUp(system.bff, other);
    expect((await other.get(url)).statusCode).toBe(200);
    const guest = await visitor().get(url);
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['content-type']).toBe('image/png');
    expect(guest.rawPayload.equals(sampleImages.png)).toBe(true);
  });

  it('still keeps verification photos from a guest: 404 as an upload, 401 as a document', async () => {
    const owner = visitor();
    const person = await signedUp(system.bff, owner);
    const form = await multipartForm({ ...identityFields(), cardPhoto: png('card.png'), selfiePhoto: jpeg('selfie.jpg') } as never);
    expect((await owner.send('POST', '/api/auth/verify-identity', form)).statusCode).toBe(201);
    const { rows } = await system.identity!.db.$client.query<{ public_id: string; document_id: string }>(
      'SELECT u.public_id, d.id AS document_id FROM verification_documents d JOIN uploads u ON u.id = d.upload_id WHERE u.owner_id = $1',
      [person.id],
    );
    expect(rows).toHaveLength(2);
    const guest = visitor();
    for (const row of rows) {
      expect((await guest.get(`/api/uploads/${row.public_id}`)).statusCode).toBe(404);
      expect((await guest.get(`/api/verification/documents/${row.document_id}`)).statusCode).toBe(401);
    }
  });

  it('hides a profile photo from others while its owner has "show profile to others" off, never from the owner', async () => {
    const owner = visitor();
    await signedUp(system.bff, owner);
    const { url } = (await upload(owner, { data: sampleImages.png, filename: 'me.png', type: 'image/png' })).json();
    const other = visitor();
    await signedUp(system.bff, other);

    expect((await owner.put('/api/user/privacy', { showProfileToOthers: false })).statusCode).toBe(200);
    const hidden = await other.get(url);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Image not found');
    expect((await owner.get(url)).statusCode).toBe(200);

    await owner.put('/api/user/privacy', { showProfileToOthers: true });
    expect((await other.get(url)).statusCode).toBe(200);
  });

  it('lets only the owner delete it: another user’s session gets 404 and the image stays', async () => {
    const owner = visitor();
    await signedUp(system.bff, owner);
    const { url, publicId } = (await upload(owner, { data: sampleImages.png, filename: 'me.png', type: 'image/png' })).json();
    const other = visitor();
    await signedUp(system.bff, other);
    const byOther = await other.delete('/api/upload', { publicId });
    expect(byOther.statusCode).toBe(404);
    expect((await owner.get(url)).statusCode).toBe(200);

    const byOwner = await owner.delete('/api/upload', { publicId });
    expect(byOwner.statusCode).toBe(200);
    expect((await owner.get(url)).statusCode).toBe(404);
  });

  it('cannot take another user’s upload as a profile photo', async () => {
    const owner = visitor();
    await signedUp(system.bff, owner);
    const { url } = (await upload(owner, { data: sampleImages.png, filename: 'me.png', type: 'image/png' })).json();
    const other = visitor();
    await signedUp(system.bff, other);
    const response = await other.put('/api/auth/profile', { firstName: 'Kofi', lastName: 'Annan', profileImageUrl: url });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please upload the profile image again.');
  });

  it('answers 404 for an id that is no upload, and 400 for a delete without one', async () => {
    const b = visitor();
    await signedUp(system.bff, b);
    expect((await b.delete('/api/upload', { publicId: '../../etc/passwd' })).statusCode).toBe(404);
    expect((await b.delete('/api/upload', {})).statusCode).toBe(400);
    expect((await b.get('/api/uploads/AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });
});
