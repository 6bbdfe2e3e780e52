/**
 * How a saved number is shown: the network prefix and the last four digits ("024 *** 4567"),
 * enough for the owner to recognise it and too little to be worth reading over a shoulder.
 */
export function maskMobileNumber(number: string): string {
  if (number.length < 8) return '***';
  return `${number.slice(0, 3)} *** ${number.slice(-4)}`;
}
