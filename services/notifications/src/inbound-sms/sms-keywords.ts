import type { SmsRideCommand } from '@krom/contracts/events/sms-commands';

/*
 * The words a text to Krom starts with, one table per language. Matching ignores case and extra
 * spaces; a language is added as one more entry of `keywordTables` (its words for each command,
 * for CASH, for the "to" between two towns, and for today and tomorrow), and the parser reads a
 * text in whichever table its first word belongs to. Commands go to rides in the contract's
 * language-free shape (`smsRideCommand`).
 */

export const smsKeywords = ['find', 'book', 'my', 'cancel', 'stop', 'start', 'help'] as const;
export type SmsKeyword = (typeof smsKeywords)[number];

export type KeywordTable = {
  /** BCP 47 tag of the language. */
  language: string;
  commands: Record<SmsKeyword, readonly string[]>;
  /** After BOOK <code> <seats>: pay in cash to the driver instead of by mobile money. */
  cash: readonly string[];
  /** Between two towns of more than one word: FIND Cape Coast TO Accra. */
  to: readonly string[];
  today: readonly string[];
  tomorrow: readonly string[];
};

export const keywordTables: readonly KeywordTable[] = [
  {
    language: 'en',
    commands: { find: ['FIND'], book: ['BOOK'], my: ['MY'], cancel: ['CANCEL'], stop: ['STOP'], start: ['START'], help: ['HELP'] },
    cash: ['CASH'],
    to: ['TO'],
    today: ['TODAY'],
    tomorrow: ['TOMORROW'],
  },
];

/** What a text asks for: a ride command for rides, one Krom answers itself, or a keyword used wrongly (answered with its right form). */
export type ParsedSms =
  | { kind: 'ride'; command: SmsRideCommand }
  | { kind: 'stop' | 'start' | 'help' }
  | { kind: 'malformed'; keyword: 'find' | 'book' | 'cancel' }
  | { kind: 'unrecognised' };

const RIDE_CODE = /^[A-Z0-9]{4,8}$/;
const BOOKING_CODE = /^[A-Z0-9]{4,10}$/;
const SEATS = /^[1-9]\d?$/;

const has = (words: readonly string[], word: string) => words.includes(word);

function isoDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * A date as typed: 2026-12-04, 4/12, 4/12/2026 (day first, as in Ghana), TODAY or TOMORROW.
 * A day and month without a year is the next such day from `today`.
 */
function readDate(word: string, table: KeywordTable, today: string): string | undefined {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  if (has(table.today, word)) return today;
  if (has(table.tomorrow, word)) return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(word);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.](\d{1,2})(?:[/.](\d{4}))?$/.exec(word);
  if (!match) return undefined;
  const [day, month] = [Number(match[1]), Number(match[2])];
  if (match[3]) return isoDate(Number(match[3]), month, day);
  const thisYear = isoDate(y, month, day);
  return thisYear && thisYear >= today ? thisYear : isoDate(y + 1, month, day);
}

const title = (words: string[]) => words.map((w) => w.charAt(0) + w.slice(1).toLowerCase()).join(' ');

function readFind(words: string[], table: KeywordTable, today: string): SmsRideCommand | undefined {
  const last = words.at(-1);
  const date = last !== undefined && words.length > 2 ? readDate(last, table, today) : undefined;
  const towns = date ? words.slice(0, -1) : words;
  const split = towns.findIndex((word) => has(table.to, word));
  const [from, to] = split > 0 ? [towns.slice(0, split), towns.slice(split + 1)] : split < 0 && towns.length === 2 ? [[towns[0]!], [towns[1]!]] : [[], []];
  if (from.length === 0 || to.length === 0) return undefined;
  return { kind: 'find', from: title(from), to: title(to), date: date ?? null };
}

function readBook(words: string[], table: KeywordTable): SmsRideCommand | undefined {
  const [code, seats, payment, ...rest] = words;
  if (!code || !seats || rest.length > 0 || !RIDE_CODE.test(code) || !SEATS.test(seats)) return undefined;
  if (payment !== undefined && !has(table.cash, payment)) return undefined;
  return { kind: 'book', rideCode: code, seats: Number(seats), paymentMethod: payment ? 'cash' : 'mobile_money' };
}

/**
 * Reads a text to Krom. `today` (YYYY-MM-DD in Ghana) places a date typed without its year.
 * MY, STOP, START and HELP take no more words and ignore any that follow.
 */
export function parseSmsText(text: string, today: string): ParsedSms {
  const [first, ...words] = text.trim().toUpperCase().split(/\s+/);
  for (const table of keywordTables) {
    const keyword = smsKeywords.find((k) => has(table.commands[k], first ?? ''));
    if (!keyword) continue;
    switch (keyword) {
      case 'find': {
        const command = readFind(words, table, today);
        return command ? { kind: 'ride', command } : { kind: 'malformed', keyword };
      }
      case 'book': {
        const command = readBook(words, table);
        return command ? { kind: 'ride', command } : { kind: 'malformed', keyword };
      }
      case 'cancel':
        return words.length === 1 && BOOKING_CODE.test(words[0]!) ? { kind: 'ride', command: { kind: 'cancel', bookingCode: words[0]! } } : { kind: 'malformed', keyword };
      case 'my':
        return { kind: 'ride', command: { kind: 'my' } };
      default:
        return { kind: keyword };
    }
  }
  return { kind: 'unrecognised' };
}
