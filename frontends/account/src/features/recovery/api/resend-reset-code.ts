import { resendResetCode as resendResetCodeEndpoint } from '@krom/contracts/api-routes';
import type { forgotPasswordResponseSchema, resendResetCodeRequestSchema } from '@krom/contracts/http/auth';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

export type ResendResetCodeRequest = z.infer<typeof resendResetCodeRequestSchema>;

/**
 * POST /api/auth/resend-reset-code: another code to the account this session's reset started for.
 * The answer is the same whether or not a code went out; `resendAfterSeconds` is the wait before the next.
 */
export async function resendResetCode(request: ResendResetCodeRequest): Promise<z.infer<typeof forgotPasswordResponseSchema>> {
  return callEndpoint(resendResetCodeEndpoint, { body: request });
}

export function useResendResetCode() {
  return useMutation({ mutationFn: resendResetCode });
}
