import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verificationDecidedNotice, verificationDecidedSmsText } from './verification-notices.ts';

const decided = (kind: 'identity' | 'driver', decision: 'approved' | 'rejected', reason: string | null = null) => ({ kind, decision, reason, submissionId: randomUUID() });

describe('verification decision notices', () => {
  it('titles each kind and outcome, and links an approval to the profile', () => {
    expect(verificationDecidedNotice(decided('identity', 'approved')).title).toBe('Identity verified');
    expect(verificationDecidedNotice(decided('driver', 'approved')).title).toBe('Driver verification approved');
    expect(verificationDecidedNotice(decided('identity', 'rejected')).title).toBe('Identity verification declined');
    expect(verificationDecidedNotice(decided('driver', 'rejected')).title).toBe('Driver verification declined');
    const approval = decided('driver', 'approved');
    expect(verificationDecidedNotice(approval)).toMatchObject({
      type: 'system',
      actionRequired: false,
      data: { kind: 'driver', decision: 'approved', submissionId: approval.submissionId, link: '/profile' },
    });
  });

  it('gives the staff reason on a rejection, says what to do next and links back to the right form', () => {
    const identity = verificationDecidedNotice(decided('identity', 'rejected', ' The photo of the card is blurred. '));
    expect(identity.message).toBe('We could not verify your identity. Reason: The photo of the card is blurred. Open Krom to try again.');
    expect(identity).toMatchObject({ actionRequired: false, data: { link: '/verify-identity' } });
    expect(verificationDecidedNotice(decided('driver', 'rejected', 'Licence expired')).data).toMatchObject({ link: '/verify-identity-driver' });
    expect(verificationDecidedNotice(decided('driver', 'rejected')).message).toBe('We could not approve your driver verification. Open Krom to try again.');
  });

  it('texts the decision in plain words, with the reason cut short when staff wrote a long one', () => {
    expect(verificationDecidedSmsText(decided('identity', 'approved'))).toBe('Krom: your identity has been verified.');
    expect(verificationDecidedSmsText(decided('driver', 'rejected', 'Licence expired.'))).toBe(
      'Krom: we could not approve your driver verification. Reason: Licence expired. Open Krom to try again.',
    );
    const long = verificationDecidedSmsText(decided('identity', 'rejected', 'x'.repeat(500)));
    expect(long).toMatch(/x…\. Open Krom to try again\.$/);
    expect(long.length).toBeLessThanOrEqual(306);
  });
});
