import { type sendVerificationRequestSchema, sendVerificationResponseSchema } from '@krom/contracts/http/phone-codes';
import { apiRequest } from '@krom/ui-kit/api-request.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

export type SendPhoneCodeRequest = z.infer<typeof sendVerificationRequestSchema>;
export type SendPhoneCodeResponse = z.infer<typeof sendVerificationResponseSchema>;

/** POST /api/sms/send-verification: a sign-up code by SMS, and how long until another may be asked for. */
export async function sendPhoneCode(request: SendPhoneCodeRequest): Promise<SendPhoneCodeResponse> {
  const response = await apiRequest('POST', '/api/sms/send-verification', request);
  return sendVerificationResponseSchema.parse(await response.json());
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
