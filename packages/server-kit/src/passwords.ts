import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the OWASP minimum (19 MiB, 2 passes, 1 lane). Numeric 2 is Algorithm.Argon2id,
 * a const enum the isolated-module build cannot import.
 */
const ARGON2ID = 2;
export const passwordHashOptions = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Verifies against a fixed decoy hash, so that a sign-in for an unknown account costs the same
 * time as one for a known account with a wrong password.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('krom-decoy-password-for-unknown-accounts');
  await verifyPassword(await decoy, password);
  return false;
}
