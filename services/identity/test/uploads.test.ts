import { userProfileUpdated } from '@krom/contracts/events/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityService } from '../src/open-identity.ts';
import {
  closeIdentity,
  type IdentityService,
  identityTestConfig,
  multipartForm,
  newPerson,
  outboxEvents,
  pngOfSize,
  registerThrough,
  sampleImages,
} from './identity-test-env.ts';
import { startS3TestServer } from './s3-test-server.ts';
import { verificationCalls } from './verification-env.ts';

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

const MB5 = 5 * 1024 * 1024;
const asUser = (userId: string) => as({ kind: 'user', userId });

async function upload(userId: string, file: { data: Buffer; filename: string; type: string }, fields: Record<string, string> = { type: 'profile' }) {
  const form = await multipartForm({ image: file, ...fields, userId: crypto.randomUUID() });
  return service.app.inject({ method: 'POST', url: '/uploads', headers: { ...(await asUser(userId)), ...form.headers }, payload: form.payload });
}
const fetchUpload = async (userId: string, publicId: string) =>
  service.app.inject({ method: 'GET', url: `/uploads/${publicId}`, headers: await asUser(userId) });
const deleteUpload = async (userId: string, publicId: string) =>
  service.app.inject({ method: 'DELETE', url: `/uploads/${publicId}`, headers: await asUser(userId) });
const s3Keys = async () => {
  const { rows } = await service.db.$client.query<{ object_key: string }>('SELECT object_key FROM uploads');
  return rows.map((r) => r.object_key);
};
const objectExists = async (key: string) => (await service.store.get(key)) !== undefined;

describe('uploading an image', () => {
  it('stores a PNG, answers its URL, and serves the same bytes back to its owner', async () => {
    const person = await registerThrough(service, as);
    const response = await upload(person.id, { data: sampleImages.png, filename: 'me.png', type: 'image/png' });
    expect(response.statusCode).toBe(201);
    const { url, publicId } = response.json();
    expect(url).toBe(`/api/uploads/${publicId}`);
    const served = await fetchUpload(person.id, publicId);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(sampleImages.png)).toBe(true);
  });

  it.each([
    ['jpeg', 'photo.jpg', 'image/jpeg'],
    ['gif', 'anim.gif', 'image/gif'],
    ['webp', 'pic.webp', 'image/webp'],
  ] as const)('accepts a %s image', async (kind, filename, type) => {
    const person = await registerThrough(service, as);
    const response = await upload(person.id, { data: sampleImages[kind], filename, type });
    expect(response.statusCode).toBe(201);
    expect((await fetchUpload(person.id, response.json().publicId)).headers['content-type']).toBe(type);
  });

  it('goes by the bytes: a PNG named .txt and sent as text is accepted as a PNG', async () => {
    const person = await registerThrough(service, as);
    const response = await upload(person.id, { data: sampleImages.png, filename: 'notes.txt', type: 'text/plain' });
    expect(response.statusCode).toBe(201);
    expect((await fetchUpload(person.id, response.json().publicId)).headers['content-type']).toBe('image/png');
  });

  it.each([
    ['a text file named .png', Buffer.from('just some words, not a picture'), 'avatar.png', 'image/png'],
    ['an SVG (scripts can ride in it)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'a.svg', 'image/svg+xml'],
    ['a PDF named .jpg', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'scan.jpg', 'image/jpeg'],
  ])('refuses %s with the spec message and stores nothing', async (_name, data, filename, type) => {
    const person = await registerThrough(service, as);
    const before = await s3Keys();
    const response = await upload(person.id, { data, filename, type });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please select an image file');
    expect(await s3Keys()).toEqual(before);
  });

  it('accepts exactly 5 MB and refuses 5 MB and one byte with the spec message', async () => {
    const person = await registerThrough(service, as);
    const atLimit = await upload(person.id, { data: pngOfSize(MB5), filename: 'big.png', type: 'image/png' });
    expect(atLimit.statusCode).toBe(201);
    const over = await upload(person.id, { data: pngOfSize(MB5 + 1), filename: 'bigger.png', type: 'image/png' });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('Image must be smaller than 5MB');
  });

  it('refuses a form without an image, and a type it does not know', async () => {
    const person = await registerThrough(service, as);
    const form = await multipartForm({ type: 'profile' });
    const noFile = await service.app.inject({ method: 'POST', url: '/uploads', headers: { ...(await asUser(person.id)), ...form.headers }, payload: form.payload });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please select an image file');
    const json = await service.app.inject({ method: 'POST', url: '/uploads', headers: await asUser(person.id), payload: { image: 'x' } });
    expect(json.statusCode).toBe(400);
    const unknownType = await upload(person.id, { data: sampleImages.png, filename: 'a.png', type: 'image/png' }, { type: 'passport' });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().message).toBe('Unknown upload type');
  });

  it('stores under a key the server made, never the file name', async () => {
    const person = await registerThrough(service, as);
    const response = await upload(person.id, { data: sampleImages.png, filename: '../../etc/passwd.png', type: 'image/png' });
    const { rows } = await service.db.$client.query('SELECT object_key FROM uploads WHERE public_id = $1', [response.json().publicId]);
    expect(rows[0].object_key).toMatch(new RegExp(`^profile/${person.id}/[0-9a-f-]{36}\\.png$`));
  });

  it('needs a signed-in user', async () => {
    const form = await multipartForm({ image: { data: sampleImages.png, filename: 'a.png', type: 'image/png' } });
    const response = await service.app.inject({ method: 'POST', url: '/uploads', headers: { ...(await as({ kind: 'public' })), ...form.headers }, payload: form.payload });
    expect(response.statusCode).toBe(401);
  });
});

describe('who sees an upload', () => {
  const fetchAsGuest = async (publicId: string) => service.app.inject({ method: 'GET', url: `/uploads/${publicId}`, headers: await as({ kind: 'public' }) });

  it('shows a profile photo to any signed-in user and to a guest (driver photos on public screens)', async () => {
    const owner = await registerThrough(service, as);
    const other = await registerThrough(service, as, newPerson());
    const { publicId } = (await upload(owner.id, { data: sampleImages.png, filename: 'me.png', type: 'image/png' })).json();
    expect((await fetchUpload(other.id, publicId)).statusCode).toBe(200);
    const guest = await fetchAsGuest(publicId);
    expect(guest.statusCode).toBe(200);
    expect(guest.rawPayload.equals(sampleImages.png)).toBe(true);
  });

  it('hides a profile photo from guests while its owner hides their profile, and never serves a verification photo', async () => {
    const owner = await registerThrough(service, as);
    const { publicId } = (await upload(owner.id, { data: sampleImages.png, filename: 'me.png', type: 'image/png' })).json();
    const hide = await service.app.inject({ method: 'PUT', url: '/users/me/settings/privacy', headers: await asUser(owner.id), payload: { showProfileToOthers: false } });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await fetchAsGuest(publicId)).statusCode).toBe(404);

    await verificationCalls(service, as).submitIdentity(owner.id);
    const { rows } = await service.db.$client.query<{ public_id: string }>("SELECT public_id FROM uploads WHERE owner_id = $1 AND kind <> 'profile'", [owner.id]);
    expect(rows.length).toBeGreaterThan(0);
    for (const { public_id } of rows) expect((await fetchAsGuest(public_id)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const person = await registerThrough(service, as);
    expect((await fetchUpload(person.id, 'AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await fetchUpload(person.id, '..%2F..%2Fsecret')).statusCode).toBe(404);
  });
});

describe('deleting an upload', () => {
  it('lets only the owner delete it: another user gets a 404 and the image stays', async () => {
    const owner = await registerThrough(service, as);
    const other = await registerThrough(service, as, newPerson());
    const { publicId } = (await upload(owner.id, { data: sampleImages.png, filename: 'me.png', type: 'image/png' })).json();
    const { rows } = await service.db.$client.query('SELECT object_key FROM uploads WHERE public_id = $1', [publicId]);
    const key = rows[0].object_key as string;

    const byOther = await deleteUpload(other.id, publicId);
    expect(byOther.statusCode).toBe(404);
    expect((await fetchUpload(owner.id, publicId)).statusCode).toBe(200);

    const byOwner = await deleteUpload(owner.id, publicId);
    expect(byOwner.statusCode).toBe(200);
    expect((await fetchUpload(owner.id, publicId)).statusCode).toBe(404);
    expect(await objectExists(key)).toBe(false);
    expect((await deleteUpload(owner.id, publicId)).statusCode).toBe(404);
  });
});

describe('the profile photo', () => {
  const setPhoto = async (userId: string, profileImageUrl: string | null) =>
    service.app.inject({ method: 'PUT', url: '/users/me/profile', headers: await asUser(userId), payload: { firstName: 'Ama', lastName: 'Mensah', profileImageUrl } });

  it('is saved from the user’s own upload and announced to other services', async () => {
    const person = await registerThrough(service, as);
    const { url } = (await upload(person.id, { data: sampleImages.png, filename: 'me.png', type: 'image/png' })).json();
    const response = await setPhoto(person.id, url);
    expect(response.statusCode).toBe(200);
    expect(response.json().profileImageUrl).toBe(url);
    const events = (await outboxEvents(service, userProfileUpdated.subject)).filter((e) => e.data.userId === person.id);
    expect(events.at(-1)!.data.profileImageUrl).toBe(url);
  });

  it('cannot be another user’s upload', async () => {
    const owner = await registerThrough(service, as);
    const other = await registerThrough(service, as, newPerson());
    const { url } = (await upload(owner.id, { data: sampleImages.png, filename: 'me.png', type: 'image/png' })).json();
    const response = await setPhoto(other.id, url);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please upload the profile image again.');
  });

  it('replaced by a new one, the old photo is deleted from the store', async () => {
    const person = await registerThrough(service, as);
    const first = (await upload(person.id, { data: sampleImages.png, filename: 'a.png', type: 'image/png' })).json();
    await setPhoto(person.id, first.url);
    const [firstKey] = (await service.db.$client.query('SELECT object_key FROM uploads WHERE public_id = $1', [first.publicId])).rows;
    const second = (await upload(person.id, { data: sampleImages.gif, filename: 'b.gif', type: 'image/gif' })).json();
    expect((await setPhoto(person.id, second.url)).statusCode).toBe(200);
    expect(await objectExists(firstKey.object_key)).toBe(false);
    expect((await fetchUpload(person.id, first.publicId)).statusCode).toBe(404);
    expect((await fetchUpload(person.id, second.publicId)).statusCode).toBe(200);
  });

  it('deleted, leaves the profile without a photo', async () => {
    const person = await registerThrough(service, as);
    const { url, publicId } = (await upload(person.id, { data: sampleImages.png, filename: 'a.png', type: 'image/png' })).json();
    await setPhoto(person.id, url);
    await deleteUpload(person.id, publicId);
    const me = await service.app.inject({ method: 'GET', url: '/users/me', headers: await asUser(person.id) });
    expect(me.json().profileImageUrl).toBeNull();
  });
});
