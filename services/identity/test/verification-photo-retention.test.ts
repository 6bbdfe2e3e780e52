import { verificationPhotoRetentionDays } from '@krom/contracts/http/verification';
import { createLogger } from '@krom/server-kit/logger';
import { describe, expect, it } from 'vitest';
import { deleteDecidedVerificationPhotos } from '../src/verification/photo-retention.ts';
import { registerThrough } from './identity-test-env.ts';
import { verificationTestService } from './verification-env.ts';

const env = verificationTestService();
const logger = createLogger('photo-retention-test', 'silent');
const DAY_MS = 24 * 3600_000;

type Document = { id: string; url: string };

/** The store keys of a submission's photos, read from the database while they are there. */
async function objectKeys(submissionId: string): Promise<string[]> {
  const { rows } = await env.service.db.$client.query<{ object_key: string }>(
    `SELECT u.object_key FROM verification_documents d JOIN uploads u ON u.id = d.upload_id WHERE d.submission_id = $1 ORDER BY u.object_key`,
    [submissionId],
  );
  return rows.map((row) => row.object_key);
}

async function accountPhotoColumns(userId: string) {
  const { rows } = await env.service.db.$client.query(
    'SELECT front_photo_url, back_photo_url, license_front_photo_url, license_back_photo_url FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

const sweepAt = (daysAfterNow: number) =>
  deleteDecidedVerificationPhotos({ db: env.service.db, store: env.service.store, logger }, { now: new Date(Date.now() + daysAfterNow * DAY_MS) });

async function stored(keys: string[]) {
  return Promise.all(keys.map(async (key) => (await env.service.store.get(key)) !== undefined));
}

describe('verification photos after the decision', () => {
  it(`keeps the photos for ${verificationPhotoRetentionDays} days after approval or rejection, then deletes them from the store and the database; the decision stays, pending ones are never touched`, async () => {
    const approved = await registerThrough(env.service, env.as);
    const rejected = await registerThrough(env.service, env.as);
    const waiting = await registerThrough(env.service, env.as);
    const approvedReceipt = await env.calls.submitIdentity(approved.id);
    const rejectedReceipt = await env.calls.submitIdentity(rejected.id);
    const waitingReceipt = await env.calls.submitIdentity(waiting.id);
    expect((await env.calls.decide(approvedReceipt.id, { decision: 'approved' })).statusCode).toBe(200);
    expect((await env.calls.decide(rejectedReceipt.id, { decision: 'rejected', reason: 'The card photo is blurred.' })).statusCode).toBe(200);

    const approvedKeys = await objectKeys(approvedReceipt.id);
    const rejectedKeys = await objectKeys(rejectedReceipt.id);
    const waitingKeys = await objectKeys(waitingReceipt.id);
    expect(approvedKeys).toHaveLength(2);
    expect(rejectedKeys).toHaveLength(2);
    const before = (await env.calls.open(approvedReceipt.id)).json();
    const [card] = before.documents as Document[];
    if (!card) throw new Error('no document');
    expect(before.photosDeletedAt).toBeNull();

    // A day short of the time: nothing goes.
    await sweepAt(verificationPhotoRetentionDays - 1);
    expect(await stored([...approvedKeys, ...rejectedKeys, ...waitingKeys])).toEqual(Array(6).fill(true));
    expect((await env.calls.document(card.url, await env.calls.asStaff())).statusCode).toBe(200);

    // A day past it: the decided ones' photos are gone, the waiting one's stay.
    const sweptAt = new Date(Date.now() + (verificationPhotoRetentionDays + 1) * DAY_MS);
    expect(await deleteDecidedVerificationPhotos({ db: env.service.db, store: env.service.store, logger }, { now: sweptAt })).toBeGreaterThanOrEqual(4);
    expect(await stored([...approvedKeys, ...rejectedKeys])).toEqual(Array(4).fill(false));
    expect(await stored(waitingKeys)).toEqual([true, true]);
    expect(await objectKeys(approvedReceipt.id)).toEqual([]);
    expect(await objectKeys(waitingReceipt.id)).toHaveLength(2);

    const staffView = await env.calls.open(approvedReceipt.id);
    expect(staffView.statusCode).toBe(200);
    expect(staffView.json()).toMatchObject({ status: 'approved', documents: [], photosDeletedAt: sweptAt.toISOString(), decision: { decision: 'approved' } });
    expect((await env.calls.open(rejectedReceipt.id)).json()).toMatchObject({
      status: 'rejected',
      documents: [],
      decision: { decision: 'rejected', reason: 'The card photo is blurred.' },
    });
    expect((await env.calls.open(waitingReceipt.id)).json()).toMatchObject({ status: 'pending', photosDeletedAt: null });
    // The link staff had opened before no longer serves anything.
    expect((await env.calls.document(card.url, await env.calls.asStaff())).statusCode).toBe(404);
    // The account keeps its outcome but no longer names the photos.
    expect(await accountPhotoColumns(rejected.id)).toEqual({ front_photo_url: null, back_photo_url: null, license_front_photo_url: null, license_back_photo_url: null });
    expect((await env.calls.me(approved.id)).json()).toMatchObject({ identity: { status: 'approved' } });

    // Again: nothing more to do, and what was kept is still kept.
    const again = await deleteDecidedVerificationPhotos({ db: env.service.db, store: env.service.store, logger }, { now: new Date(sweptAt.getTime() + DAY_MS) });
    expect(again).toBe(0);
    expect((await env.calls.open(approvedReceipt.id)).json().photosDeletedAt).toBe(sweptAt.toISOString());
    expect(await stored(waitingKeys)).toEqual([true, true]);
  });

  it('deletes the photos of a submission the member replaced, with those of the one staff decided on', async () => {
    const member = await registerThrough(env.service, env.as);
    const first = await env.calls.submitIdentity(member.id);
    const second = await env.calls.submitIdentity(member.id);
    const firstKeys = await objectKeys(first.id);
    expect((await env.calls.decide(second.id, { decision: 'approved' })).statusCode).toBe(200);

    await sweepAt(verificationPhotoRetentionDays - 1);
    expect(await stored(firstKeys)).toEqual([true, true]);
    await sweepAt(verificationPhotoRetentionDays + 1);
    expect(await stored(firstKeys)).toEqual([false, false]);
    expect((await env.calls.open(first.id)).json()).toMatchObject({ status: 'superseded', documents: [] });
  });
});
