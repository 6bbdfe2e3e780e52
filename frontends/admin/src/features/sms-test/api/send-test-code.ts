import { smsTestSendCode } from '@krom/contracts/api-routes';
import { callEndpoint } from '@krom/ui-kit/call-endpoint.ts';
import { useMutation } from '@tanstack/react-query';

/** Step 1: texts a test code to the number; answers the message to show (Verification code sent!). */
export async function sendTestCode(phoneNumber: string): Promise<{ message: string }> {
  return callEndpoint(smsTestSendCode, { body: { phoneNumber } });
}

export function useSendTestCode() {
  return useMutation({ mutationFn: sendTestCode });
}
