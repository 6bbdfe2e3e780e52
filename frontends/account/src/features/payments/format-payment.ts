import type { MobileMoneyProvider } from '@krom/contracts/http/payments';

/** Spec: dates en-GB, day, short month, year, hour, minute; in Ghana's time, where Krom's trips are. */
const dates = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Accra',
});

export function formatPaymentDate(iso: string): string {
  return dates.format(new Date(iso));
}

/** The networks as people in Ghana know them (Vodafone Ghana is now Telecel). */
export const providerNames: Record<MobileMoneyProvider, string> = {
  mtn: 'MTN',
  vodafone: 'Telecel (Vodafone)',
  airteltigo: 'AirtelTigo',
};
