import { describe, expect, it } from 'vitest';
import { codeEmail, codeSms } from './code-messages.ts';

describe('code messages', () => {
  it('texts the sign-up code in the agreed words, in one SMS segment', () => {
    const sms = codeSms('signup', '0427');
    expect(sms.message).toBe('Your Krom verification code is 0427. It expires in 10 minutes.');
    expect(sms.redactedMessage).toBe('Your Krom verification code is ****. It expires in 10 minutes.');
    expect(codeSms('reset', '0427').message.length).toBeLessThanOrEqual(160);
  });

  it('words the reset code as a reset, by SMS and by e-mail, and hides it in the logged text', () => {
    expect(codeSms('reset', '5150').message).toMatch(/^Your Krom password reset code is 5150\. It expires in 10 minutes\./);
    const email = codeEmail('reset', '5150');
    expect(email.subject).toBe('Your Krom password reset code');
    expect(email.text).toContain('Your password reset code is 5150. It expires in 10 minutes.');
    expect(email.redactedText).not.toContain('5150');
    expect(email.redactedText).toContain('****');
  });

  it('says a staff test code is a test, in one SMS segment, and hides it in the logged text', () => {
    const sms = codeSms('staff_test', '8080');
    expect(sms.message).toMatch(/^Your Krom test code is 8080\. It expires in 10 minutes\./);
    expect(sms.message.length).toBeLessThanOrEqual(160);
    expect(sms.redactedMessage).not.toContain('8080');
  });

  it('words a payout number code as confirming the number, in one SMS segment, and hides it in the logged text', () => {
    const sms = codeSms('payment_method', '2468');
    expect(sms.message).toBe('Krom: 2468 is your code to confirm this number for Krom payouts. It expires in 10 minutes.');
    expect(sms.message.length).toBeLessThanOrEqual(160);
    expect(sms.redactedMessage).not.toContain('2468');
  });
});
