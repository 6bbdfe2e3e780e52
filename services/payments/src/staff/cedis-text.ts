import { formatCedis, toDecimalCedis } from '@krom/contracts/money';

/** Pesewas as a person reads them in a reconciliation's words: `GH₵126.00`, `-GH₵1.07`. */
export const cedisText = (pesewas: number | bigint) => {
  const amount = Number(pesewas);
  return `${amount < 0 ? '-' : ''}${formatCedis(toDecimalCedis(Math.abs(amount)))}`;
};
