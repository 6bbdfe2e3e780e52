import { describe, expect, it } from 'vitest';
import { changePasswordRequestSchema, registerRequestSchema, resetPasswordRequestSchema } from './auth.ts';
import { emailField } from './fields.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('e-mail addresses', () => {
  it('refuses a part before the @ longer than the 64 characters mail servers take (RFC 5321)', () => {
    expect(emailField.safeParse(`${'a'.repeat(64)}@example.com`).success).toBe(true);
    expect(firstMessage(emailField.safeParse(`${'a'.repeat(65)}@example.com`))).toBe('Please enter a valid email address');
    expect(firstMessage(emailField.safeParse(`${'a'.repeat(250)}@example.com`))).toBe('Please enter a valid email address');
  });

  it('refuses an address longer than 254 characters', () => {
    const longDomain = `${'d'.repeat(62)}.${'e'.repeat(62)}.${'f'.repeat(62)}.${'g'.repeat(62)}.com`;
    expect(firstMessage(emailField.safeParse(`ama@${longDomain}`))).toBe('Please enter a valid email address');
  });
});

describe('passwords', () => {
  const registration = { firstName: 'Ama', lastName: 'Mensah', email: 'ama@example.com', phone: '0241234567' };

  it('refuses eight spaces, or spaces around too few characters, with the spec message', () => {
    for (const password of ['        ', '   abc    ', '\t\t\t\t\t\t\t\t']) {
      expect(firstMessage(registerRequestSchema.safeParse({ ...registration, password })), JSON.stringify(password)).toBe(
        'Password must be at least 8 characters',
      );
    }
    expect(firstMessage(resetPasswordRequestSchema.safeParse({ password: '          ' }))).toBe('Password must be at least 8 characters');
    expect(firstMessage(changePasswordRequestSchema.safeParse({ currentPassword: 'x', newPassword: '      ' }))).toBe(
      'New password must be at least 6 characters long.',
    );
  });

  it('keeps a password with spaces inside it, or around enough characters, as typed', () => {
    expect(registerRequestSchema.parse({ ...registration, password: 'akwaaba 2026' }).password).toBe('akwaaba 2026');
    expect(registerRequestSchema.parse({ ...registration, password: ' Akwaaba2026 ' }).password).toBe(' Akwaaba2026 ');
  });
});
