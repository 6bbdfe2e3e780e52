import { describe, expect, it } from 'vitest';
import { passwordChangedNotice, welcomeNotice } from './account-notices.ts';

describe('account notices', () => {
  it('welcomes by first name as a system notification', () => {
    expect(welcomeNotice({ firstName: ' Ama ' })).toMatchObject({ type: 'system', title: 'Welcome to Krom', message: expect.stringMatching(/^Hi Ama, your account is ready\./) });
    expect(welcomeNotice({ firstName: '' }).message).toMatch(/^Your account is ready\./);
  });

  it('says how the password was changed', () => {
    expect(passwordChangedNotice('settings')).toMatchObject({ type: 'system', title: 'Password changed', data: { via: 'settings' } });
    expect(passwordChangedNotice('recovery').message).toContain('reset with a recovery code');
  });
});
