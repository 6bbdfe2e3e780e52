import { smsTestVerifyCode } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

/** Step 2: checks the code texted in step 1; answers the message to show (Phone number verified!). */
export async function verifyTestCode(request: { phoneNumber: string; code: string }): Promise<{ message: string }> {
  return callEndpoint(smsTestVerifyCode, { body: request });
}

export function useVerifyTestCode() {
  return useMutation({ mutationFn: verifyTestCode });
}
