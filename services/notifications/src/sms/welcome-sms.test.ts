import { describe, expect, it } from 'vitest';
import { welcomeSms, welcomeSmsText } from './welcome-sms.ts';

describe('the waitlist welcome SMS', () => {
  it('greets by first name and says Krom is coming soon to Ghana, in one SMS segment', () => {
    const text = welcomeSmsText('  Ama   Mensah ');
    expect(text).toMatch(/^Hi Ama, /);
    expect(text).toContain('Krom is coming soon to Ghana');
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it('still greets someone whose name is blank', () => {
    expect(welcomeSmsText('   ')).toMatch(/^Hi there, /);
  });

  it('goes to the sign-up number in E.164', () => {
    const sms = welcomeSms({ signupId: crypto.randomUUID(), name: 'Kofi', email: 'k@example.com', phone: '0241234567', joinedAt: new Date().toISOString() });
    expect(sms.phoneNumber).toBe('+233241234567');
  });
});
