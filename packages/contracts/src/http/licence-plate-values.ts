/* Licence plates as shown to others, without zod: the ride preview imports these and must stay under its JavaScript budget. */

/**
 * A plate as guests and members without a booking on the ride see it: the region code and the
 * last two characters, every other character a dot (`GR-1234-20` → `GR-••••-20`, `GR-1234` →
 * `GR-••34`). Enough to tell cars apart in a list, not enough to find the car's owner.
 */
export function maskLicensePlate(plate: string): string {
  const [region = '', ...rest] = plate.split('-');
  let keep = 2;
  const masked = rest
    .join('-')
    .split('')
    .reverse()
    .map((char) => {
      if (char === '-') return char;
      if (keep > 0) {
        keep -= 1;
        return char;
      }
      return '\u2022';
    })
    .reverse()
    .join('');
  return rest.length === 0 ? region : `${region}-${masked}`;
}

/** Whether `plate` is shown in part (maskLicensePlate): screens say when it is shown whole. */
export const isMaskedLicensePlate = (plate: string) => plate.includes('\u2022');
