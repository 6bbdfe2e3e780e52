/*
 * Dates and times in Ghana, where Krom's trips are: GMT all year (Africa/Accra, UTC+0, no daylight
 * saving), so a day in Ghana is a UTC day whatever zone the phone or the server is set to.
 * A departure is a calendar date (yyyy-MM-dd) and a clock time (HH:MM) the driver chose; each way
 * screens and SMS write them is one function here. No Intl and no library: every remote loads
 * this, and building an Intl.DateTimeFormat (its locale data) cost a throttled phone about 0.3 s
 * of its main thread on the ride listing. Ghana's clock is UTC's, so these fixed English formats
 * are written from the UTC fields; the tests hold each one to Intl's own output.
 */

export const ghanaTimeZone = 'Africa/Accra';

/** A calendar date as forms and the API carry it (yyyy-MM-dd). */
const calendarDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** The day a yyyy-MM-dd text names, at midnight UTC; undefined for anything else (2026-02-30 too). */
function dayOf(date: string): Date | undefined {
  if (!calendarDatePattern.test(date)) return undefined;
  const day = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date) ? day : undefined;
}

/** Whether the text is a real calendar date, yyyy-MM-dd. */
export const isCalendarDate = (date: string) => dayOf(date) !== undefined;

/** The date in Ghana at an instant, as yyyy-MM-dd (`2026-11-20T23:50:00-01:00` → `2026-11-21`). */
export const ghanaDate = (instant: Date | string) => new Date(instant).toISOString().slice(0, 10);

/** Today in Ghana, as yyyy-MM-dd. */
export const ghanaToday = (now: Date = new Date()) => ghanaDate(now);

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** `2026-11-28` → `Sat, Nov 28, 2026`: a departure date on the ride cards and details. Anything else is shown as given. */
export function formatRideDate(date: string): string {
  const day = dayOf(date);
  return day ? `${weekdays[day.getUTCDay()]}, ${months[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}` : date;
}

/** `2026-11-28` → `Nov 28, 2026`: the spec's chosen day (`Mon dd, yyyy`), in the date picker and the wizard's review. */
export function formatPickedDate(date: string): string {
  const day = dayOf(date);
  return day ? `${months[day.getUTCMonth()]} ${String(day.getUTCDate()).padStart(2, '0')}, ${day.getUTCFullYear()}` : date;
}

/**
 * `2025-11-28` → `Fri 28 Nov`: a departure date in notices, SMS and e-mail, short for one SMS
 * segment and in GSM characters. Anything else is shown as given.
 */
export function formatNoticeDate(date: string): string {
  const day = dayOf(date);
  return day ? `${weekdays[day.getUTCDay()]} ${day.getUTCDate()} ${months[day.getUTCMonth()]}` : date;
}

/** `08:05`, `14:30` or `20:30:00` → `8:05 AM` / `2:30 PM` / `8:30 PM`: a clock time everywhere it is read. Anything else is shown as given. */
export function formatClockTime(time: string): string {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** An instant as `22 Nov 2026, 09:30`, Ghana's time (the spec's payment dates; when a notification came). */
export function formatDateTimeInGhana(instant: Date | string): string {
  const iso = new Date(instant).toISOString();
  return `${formatDayInGhana(instant)}, ${iso.slice(11, 16)}`;
}

/** An instant's day in Ghana as `22 Nov 2026`. */
export function formatDayInGhana(instant: Date | string | number): string {
  const day = new Date(new Date(instant).toISOString().slice(0, 10));
  return `${day.getUTCDate()} ${months[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}
