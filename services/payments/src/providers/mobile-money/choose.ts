import { CallbackRefusedError } from '@krom/server-kit/providers';
import type { PaymentsConfig } from '../../config.ts';
import { paystackMobileMoneyProvider } from './paystack.ts';
import { type MobileMoneyProvider, MobileMoneyProviderError } from './port.ts';

/**
 * Until the local gateway's adapter lands: a provider that refuses every call (not sent, not to
 * be retried), so the service starts and a payment fails in words rather than hangs.
 */
export function unavailableMobileMoneyProvider(): MobileMoneyProvider {
  const refuse = async (): Promise<never> => {
    throw new MobileMoneyProviderError('No mobile money gateway is configured', false);
  };
  return {
    name: 'none',
    collect: refuse,
    submitOtp: refuse,
    verifyCollection: refuse,
    payout: refuse,
    verifyPayout: refuse,
    refund: refuse,
    verifyRefund: refuse,
    verifyWebhook: () => {
      throw new CallbackRefusedError(403, 'No mobile money gateway is configured');
    },
  };
}

/**
 * Paystack when its secret key is set (its API base URL optional: a stand-in or a proxy), the
 * local gateway otherwise. `local` makes the local gateway's provider; until its adapter is in
 * this folder, a caller (a test) may pass one.
 */
export function chooseMobileMoneyProvider(config: PaymentsConfig, local?: () => MobileMoneyProvider): MobileMoneyProvider {
  if (config.PAYSTACK_SECRET_KEY) return paystackMobileMoneyProvider({ secretKey: config.PAYSTACK_SECRET_KEY, apiBaseUrl: config.PAYSTACK_API_BASE_URL });
  // The local gateway's branch: becomes its adapter's constructor once it lands.
  return local?.() ?? unavailableMobileMoneyProvider();
}
