import { registerRequestSchema } from '@krom/contracts/http/auth';
import { z } from 'zod';

/**
 * The sign-up in progress, kept in session storage between the form and the code screen (spec
 * section 4): the form data, the phone the code went to, and when Send Again may be used. It
 * lives only as long as the tab and is cleared once the account exists.
 */
const storageKey = 'krom.sign-up';

const storedSignUpSchema = z.object({
  registration: registerRequestSchema.optional(),
  phoneNumber: z.string(),
  /** Epoch milliseconds after which another code may be requested. */
  resendAvailableAt: z.number().optional(),
});
export type StoredSignUp = z.infer<typeof storedSignUpSchema>;

export function readSignUp(): StoredSignUp | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    if (!raw) return null;
    const parsed = storedSignUpSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage blocked or the value is not JSON: the flow continues as if nothing were stored.
    return null;
  }
}

export function saveSignUp(value: StoredSignUp): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(value));
  } catch {
    // Storage blocked (private mode quotas): the code screen then falls back to its placeholder.
  }
}

export function clearSignUp(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing stored that could be cleared.
  }
}
