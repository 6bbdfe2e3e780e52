/** What one SMS segment holds in the GSM 7-bit alphabet; a single character outside it drops that to 70. */
export const SMS_SEGMENT_LENGTH = 160;

// GSM 03.38: the basic table (one septet each) and its extension table (two: escape + character).
const gsmBasic = new Set("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà");
const gsmExtended = new Set('^{}\\[~]|€\f');

/** The text's length in GSM septets, or undefined when a character outside the alphabet makes it a Unicode SMS. */
export function gsmLength(text: string): number | undefined {
  let length = 0;
  for (const character of text) {
    if (gsmBasic.has(character)) length += 1;
    else if (gsmExtended.has(character)) length += 2;
    else return undefined;
  }
  return length;
}

// Marks that phones, keyboards and map data put in names, and the GSM character they stand for.
// Ghana's ɛ and ɔ are written e and o in plain text (Koforidua, not Kɔforidua).
const lookAlikes: Record<string, string> = { '‘': "'", '’': "'", 'ʼ': "'", '“': '"', '”': '"', '–': '-', '—': '-', '…': '...', '\u00a0': ' ', ɛ: 'e', Ɛ: 'E', ɔ: 'o', Ɔ: 'O' };

/**
 * A name (a place, a person) written with GSM characters where it can be: typographic marks as
 * their plain forms, accented letters outside the alphabet without their accent. What has no
 * plain form is kept; the SMS then goes as Unicode rather than lose the name.
 */
export function inGsmAlphabet(text: string): string {
  let written = '';
  for (const character of text) {
    if (gsmBasic.has(character) || gsmExtended.has(character)) written += character;
    else written += lookAlikes[character] ?? character.normalize('NFD').replace(/\p{Mn}/gu, '');
  }
  return written;
}

/** Cuts a name to `max` characters, saying so with "..." (GSM, where "…" is not). */
export function shortened(name: string, max: number): string {
  const characters = [...name];
  if (characters.length <= max) return name;
  return `${characters
    .slice(0, Math.max(0, max - 3))
    .join('')
    .trimEnd()}...`;
}

/**
 * Fits the two names an SMS is built around (a route's ends) into one segment: `write(a, b)` is
 * the whole text; when it is too long the longer name is cut first, so a short one stays whole.
 */
export function fitTwoNamesInSegment(first: string, second: string, write: (first: string, second: string) => string): string {
  const size = (text: string) => gsmLength(text) ?? [...text].length;
  const whole = write(first, second);
  if (size(whole) <= SMS_SEGMENT_LENGTH) return whole;
  const room = Math.max(8, SMS_SEGMENT_LENGTH - size(write('', '')));
  const [a, b] = [[...first].length, [...second].length];
  const half = Math.floor(room / 2);
  // The shorter name keeps what it needs of its half; the longer one takes the rest.
  let firstMax = a <= half ? a : b <= half ? room - b : half;
  let secondMax = room - firstMax;
  let text = write(shortened(first, firstMax), shortened(second, secondMax));
  // Characters of the extension table count twice: take off one more until it fits.
  while (size(text) > SMS_SEGMENT_LENGTH && firstMax + secondMax > 8) {
    if (firstMax >= secondMax) firstMax -= 1;
    else secondMax -= 1;
    text = write(shortened(first, firstMax), shortened(second, secondMax));
  }
  return text;
}

/**
 * How many segments a text is sent in: GSM-7 up to 160 septets in one, 153 each when split (the
 * rest carries the joining header); a text with a character outside GSM goes as UCS-2, 70 in one
 * and 67 each when split.
 */
export function smsSegments(text: string): number {
  const septets = gsmLength(text);
  if (septets !== undefined) return septets <= SMS_SEGMENT_LENGTH ? 1 : Math.ceil(septets / 153);
  const units = text.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** `write(words)` in one segment, `words` (a reason) cut with "..." when the whole is too long (never below 20 characters). */
export function fitWordsInSegment(words: string, write: (words: string) => string): string {
  const whole = write(words);
  const over = (gsmLength(whole) ?? [...whole].length) - SMS_SEGMENT_LENGTH;
  return over > 0 ? write(shortened(words, Math.max(20, [...words].length - over))) : whole;
}
