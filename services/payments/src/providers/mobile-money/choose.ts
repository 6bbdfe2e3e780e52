import { CallbackRefusedError } from '@krom/server-kit/providers';
import type { PaymentsConfig } from '../../config.ts';
import { localMobileMoneyProvider } from './local.ts';
import { paystackMobileMoneyProvider } from './paystack.ts';
import { type MobileMoneyProvider, MobileMoneyProviderError } from './port.ts';

/**
 * With no gateway configured at all: a provider that refuses every call (not sent, not to
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
 * local gateway otherwise (npm start runs it and gives LOCAL_MOMO_URL and LOCAL_MOMO_SECRET). A
 * caller (a test) may pass another local provider in its place.
 */
export function chooseMobileMoneyProvider(config: PaymentsConfig, local?: () => MobileMoneyProvider): MobileMoneyProvider {
  if (config.PAYSTACK_SECRET_KEY) return paystackMobileMoneyProvider({ secretKey: config.PAYSTACK_SECRET_KEY, apiBaseUrl: config.PAYSTACK_API_BASE_URL });
  if (local) return local();
  if (config.LOCAL_MOMO_URL && config.LOCAL_MOMO_SECRET) return localMobileMoneyProvider({ baseUrl: config.LOCAL_MOMO_URL, secret: config.LOCAL_MOMO_SECRET });
  return unavailableMobileMoneyProvider();
}
