import { phoneCodeErrors } from '@krom/contracts/http/phone-codes';
import type { VerifyCodeServiceRequest } from '@krom/contracts/http/verification-codes';
import { HttpError } from '@krom/server-kit/errors';
import { and, desc, eq, sql } from 'drizzle-orm';
import { verificationCodes } from '../db/schema.ts';
import type { CodeDeps } from './code-deps.ts';
import { codeMatches } from './code-hash.ts';

/**
 * Checks a code against the newest one issued for purpose+subject. Right: the code is used up
 * (single use). Wrong: one try fewer; the last allowed wrong try kills the code, and from then
 * on only a new code helps. Any refusal is a 400 in the spec's words.
 */
export async function verifyCode(deps: CodeDeps, request: VerifyCodeServiceRequest): Promise<void> {
  const refusal = await deps.db.transaction(async (tx) => {
    const [code] = await tx
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, request.purpose), eq(verificationCodes.subject, request.subject)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1)
      .for('update');
    if (!code || code.verifiedAt) return phoneCodeErrors.invalidCode;
    if (code.attempts >= code.maxAttempts) return phoneCodeErrors.tooManyTries;
    if (code.consumedAt) return phoneCodeErrors.invalidCode;
    const now = deps.clock();
    if (code.expiresAt.getTime() <= now.getTime()) return phoneCodeErrors.expired;

    if (codeMatches(deps.hashKey, code.salt, request.code, code.codeHash)) {
      await tx.update(verificationCodes).set({ verifiedAt: now, consumedAt: now }).where(eq(verificationCodes.id, code.id));
      return undefined;
    }
    const exhausted = code.attempts + 1 >= code.maxAttempts;
    await tx
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1`, ...(exhausted ? { consumedAt: now } : {}) })
      .where(eq(verificationCodes.id, code.id));
    return exhausted ? phoneCodeErrors.tooManyTries : phoneCodeErrors.invalidCode;
  });
  // Thrown after commit: the wrong try must count even though the answer is an error.
  if (refusal) throw new HttpError(400, refusal);
}
