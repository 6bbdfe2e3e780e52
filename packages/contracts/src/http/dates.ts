import { z } from 'zod';
import { ghanaToday, isCalendarDate } from '../ghana-time.ts';

/*
 * Every date and time a caller sends is judged here, each field with a window that makes sense
 * for it. Every window lies well inside what PostgreSQL stores: year 0000 (JavaScript's 1 BC,
 * which PostgreSQL refuses) or a day after 9999-12-31 (which JavaScript writes as +010000-…)
 * never reaches a query, a handler or an event.
 */

/** Whether `value` is yyyy-MM-dd and a day the calendar has (no 2026-02-30): the Ghana time module's one check. */
export const isRealDate = isCalendarDate;
/** Today in Ghana, from the Ghana time module, beside the date arithmetic the windows use. */
export { ghanaToday };
/** The date `years` years before `today` (yyyy-MM-dd; negative for after); 29 February falls back to 28. */
export const yearsBefore = (today: string, years: number) => monthsAfter(today, -12 * years);
/** The day `days` days after `date` (yyyy-MM-dd; negative for before). */
export const daysAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The same day `months` months after `date` (yyyy-MM-dd; negative for before), the month's last day when it has no such day. */
export const monthsAfter = (date: string, months: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1 + months, d));
  if (shifted.getUTCDate() !== d) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
};

/** What to say of a date outside its window: a text, or one chosen by the date and today. */
type WindowMessage = string | ((date: string, today: string) => string);
/** A window of days, each end worked out from today in Ghana when a value is judged, with what to say past it. */
export type DateWindow = {
  earliest: (today: string) => string;
  tooEarly: WindowMessage;
  latest: (today: string) => string;
  tooLate: WindowMessage;
};
const say = (message: WindowMessage) => ({
  error: (issue: { input: unknown }) => (typeof message === 'string' ? message : message(String(issue.input), ghanaToday())),
});

/**
 * A calendar date (yyyy-MM-dd) that exists and lies in `window`: `invalid` for text that is no
 * date, `required` (or `invalid`) for none at all.
 */
export const calendarDateField = (messages: { invalid: string; required?: string }, window: DateWindow) =>
  z
    .string({ error: messages.required ?? messages.invalid })
    .trim()
    .min(1, messages.required ?? messages.invalid)
    .refine(isRealDate, messages.invalid)
    // Compared as text: yyyy-MM-dd sorts as the calendar does.
    .refine((date) => !isRealDate(date) || date >= window.earliest(ghanaToday()), say(window.tooEarly))
    .refine((date) => !isRealDate(date) || date <= window.latest(ghanaToday()), say(window.tooLate));

/** The windows of Krom's date fields, with their messages. */
export const dateMessages = {
  departureTooFar: 'Departure must be within the next 12 months',
  searchDate: 'Please choose a date within 12 months of today',
  dateOfBirthTooOld: 'Please enter your real date of birth',
  instant: (name: string) => `${name} must be a date and time between 1970 and 9999, such as 2026-11-27T10:00:00Z`,
} as const;
/** How far ahead a ride may depart, a request prefer a date, or a search look. */
export const bookingHorizonMonths = 12;
/** Nobody driving on Krom was born longer ago than this. */
export const oldestAgeYears = 120;

/** The earliest and latest instant a time field takes: nothing Krom stores is older, and PostgreSQL takes both ends. */
const earliestInstant = Date.UTC(1970, 0, 1);
const latestInstant = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/**
 * An instant sent as ISO 8601 with its offset (2026-11-27T10:00:00Z), between 1970 and the end of
 * 9999 once its offset is applied. `name` is the field's name for the message.
 */
export const instantField = (name: string) =>
  z
    .string({ error: dateMessages.instant(name) })
    .datetime({ offset: true, error: dateMessages.instant(name) })
    .refine((text) => {
      const at = Date.parse(text);
      return at >= earliestInstant && at <= latestInstant;
    }, dateMessages.instant(name));
