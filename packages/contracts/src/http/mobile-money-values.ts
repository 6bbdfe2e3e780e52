/*
 * The mobile money networks and their number prefixes, zod-free so a screen (the booking form)
 * can suggest a network without loading the schemas; payments.ts re-exports them beside its schemas.
 */

/** Mobile money networks: MTN, Telecel (formerly Vodafone) and AirtelTigo, as the spec names them. */
export const mobileMoneyProviders = ['mtn', 'vodafone', 'airteltigo'] as const;
export type MobileMoneyProvider = (typeof mobileMoneyProviders)[number];

/** Number prefixes each network was allocated; a ported number keeps its old prefix, so this only suggests. */
export const mobileMoneyPrefixes: Record<MobileMoneyProvider, readonly string[]> = {
  mtn: ['024', '025', '053', '054', '055', '059'],
  vodafone: ['020', '050'],
  airteltigo: ['026', '027', '056', '057'],
};

/**
 * The network a number probably belongs to, from its first three digits in local form
 * (spaces, dashes and a +233 / 233 / 00233 country code are allowed); undefined until three
 * digits are typed or when the prefix is no mobile money network's.
 */
export function suggestMobileMoneyProvider(number: string): MobileMoneyProvider | undefined {
  const digits = number.replace(/[\s\-().]/g, '');
  const international = /^(?:\+|00)?233(\d*)$/.exec(digits);
  const local = international ? `0${international[1]}` : digits;
  if (!/^0\d{2}/.test(local)) return undefined;
  const prefix = local.slice(0, 3);
  return mobileMoneyProviders.find((provider) => mobileMoneyPrefixes[provider].includes(prefix));
}
