import type { verifyCodeRequestSchema } from '@krom/contracts/http/phone-codes';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

export type VerifyPhoneCodeRequest = z.infer<typeof verifyCodeRequestSchema>;

/** POST /api/sms/verify-code. On success the BFF remembers, in this session, that the phone is verified. */
export async function verifyPhoneCode(request: VerifyPhoneCodeRequest): Promise<void> {
  await apiRequest('POST', '/api/sms/verify-code', request);
}

export function useVerifyPhoneCode() {
  return useMutation({ mutationFn: verifyPhoneCode });
}
