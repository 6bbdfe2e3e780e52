/** "0241234567" → "024 123 4567", the way Ghanaians read a number aloud; anything else as given. */
export function formatPhone(phone: string): string {
  return /^\d{10}$/.test(phone) ? `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}` : phone;
}

/** Shown instead of a number when none is known (the spec's masked placeholder). */
export const maskedPhonePlaceholder = '0XX XXX XXXX';

/** "0241234567" → "024 *** 4567": enough to recognise one's own number on a shared screen. */
export function maskPhone(phone: string): string {
  return /^\d{10}$/.test(phone) ? `${phone.slice(0, 3)} *** ${phone.slice(6)}` : maskedPhonePlaceholder;
}
