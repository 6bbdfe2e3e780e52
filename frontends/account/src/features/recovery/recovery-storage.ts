import { resetMethodSchema } from '@krom/contracts/http/auth';
import { z } from 'zod';

/**
 * The password reset in progress, kept in session storage between the recovery screens: the
 * method the person chose (the code screen verifies and resends with it), where the code went,
 * already masked, to remind them which inbox or phone to check, and when another may be asked for.
 */
const storageKey = 'krom.password-reset';

/** `resendAvailableAt` (epoch ms): when Resend Code may ask again, from the server's answer. */
const storedResetSchema = z.object({ method: resetMethodSchema, sentTo: z.string(), resendAvailableAt: z.number().optional() });
export type StoredReset = z.infer<typeof storedResetSchema>;

export function readReset(): StoredReset | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    if (!raw) return null;
    const parsed = storedResetSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveReset(value: StoredReset): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(value));
  } catch {
    // Storage blocked: the code screen then assumes e-mail and names no destination.
  }
}

export function clearReset(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing stored that could be cleared.
  }
}

/** "ama.mensah@example.com" → "a***@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  return `${email[0]}***${email.slice(at)}`;
}
