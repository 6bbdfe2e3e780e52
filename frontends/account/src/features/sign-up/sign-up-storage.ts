import type { RegisterRequest } from '@krom/contracts/http/auth';

/**
 * The sign-up in progress, kept in session storage between the form and the code screen (spec
 * section 4): the form data, the phone the code went to, and when Send Again may be used. It
 * lives only as long as the tab and is cleared once the account exists.
 */
const storageKey = 'krom.sign-up';

export type StoredSignUp = {
  /** The form's request, as registerRequestSchema passed it before it was stored. */
  registration?: RegisterRequest | undefined;
  phoneNumber: string;
  /** Epoch milliseconds after which another code may be requested. */
  resendAvailableAt?: number | undefined;
};

const registrationFields = ['firstName', 'lastName', 'email', 'phone', 'password'] as const satisfies readonly (keyof RegisterRequest)[];

/**
 * What this tab stored, checked by its shape without zod: the sign-up form reads it as it opens,
 * and a public page loads no schema until its form is used. The registration was checked by the
 * contract before it was stored and is checked again when it is sent.
 */
function isStoredSignUp(value: unknown): value is StoredSignUp {
  if (typeof value !== 'object' || value === null) return false;
  const { registration, phoneNumber, resendAvailableAt } = value as Record<string, unknown>;
  const registrationFits =
    registration === undefined ||
    (typeof registration === 'object' && registration !== null && registrationFields.every((field) => typeof (registration as Record<string, unknown>)[field] === 'string'));
  return typeof phoneNumber === 'string' && (resendAvailableAt === undefined || typeof resendAvailableAt === 'number') && registrationFits;
}

export function readSignUp(): StoredSignUp | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    if (!raw) return null;
    const stored: unknown = JSON.parse(raw);
    return isStoredSignUp(stored) ? stored : null;
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
