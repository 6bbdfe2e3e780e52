import type { MobileMoneyProvider } from '@krom/contracts/http/payments';

/** The networks as people in Ghana know them (Vodafone Ghana is now Telecel). */
export const providerNames: Record<MobileMoneyProvider, string> = {
  mtn: 'MTN',
  vodafone: 'Telecel (Vodafone)',
  airteltigo: 'AirtelTigo',
};
