import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDateTimeInGhana,
  formatDayInGhana,
  formatNoticeDate,
  formatPickedDate,
  formatRideDate,
  ghanaDate,
  ghanaTimeZone,
  ghanaToday,
  isCalendarDate,
} from './ghana-time.ts';

describe('today in Ghana', () => {
  it('is the UTC date, whatever zone the instant was written in', () => {
    expect(ghanaToday(new Date('2026-11-20T23:30:00Z'))).toBe('2026-11-20');
    expect(ghanaToday(new Date('2026-11-21T00:10:00+01:00'))).toBe('2026-11-20');
    expect(ghanaDate('2026-11-20T23:50:00-01:00')).toBe('2026-11-21');
  });

  it('has no daylight saving: every day of a year is 24 hours from the last', () => {
    const days = Array.from({ length: 366 }, (_, day) => ghanaDate(new Date(Date.UTC(2028, 0, 1) + day * 86_400_000)));
    expect(new Set(days).size).toBe(366);
    expect(days.at(-1)).toBe('2028-12-31');
  });

  it('knows a real calendar date from one that is not', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const text of ['2026-02-29', '2026-13-01', '28/11/2026', '2026-11-28T00:00:00Z', '']) expect(isCalendarDate(text)).toBe(false);
  });
});

describe('a departure date as screens and texts write it', () => {
  it.each([
    ['2026-11-28', 'Sat, Nov 28, 2026', 'Nov 28, 2026', 'Sat 28 Nov'],
    ['2026-12-03', 'Thu, Dec 3, 2026', 'Dec 03, 2026', 'Thu 3 Dec'],
    ['2030-01-01', 'Tue, Jan 1, 2030', 'Jan 01, 2030', 'Tue 1 Jan'],
  ])('%s is %j on a ride card, %j once picked, %j in a notice', (date, card, picked, notice) => {
    expect(formatRideDate(date)).toBe(card);
    expect(formatPickedDate(date)).toBe(picked);
    expect(formatNoticeDate(date)).toBe(notice);
  });

  it('shows anything that is not a date as given, rather than a wrong day', () => {
    for (const text of ['soon', '2026-02-30', '']) {
      expect(formatRideDate(text)).toBe(text);
      expect(formatPickedDate(text)).toBe(text);
      expect(formatNoticeDate(text)).toBe(text);
    }
  });

  it('writes the Ghana day of any instant, with its weekday, never the day before or after', () => {
    const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const instants = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instants, (instant) => {
        const date = ghanaDate(instant);
        const [weekday, day, year] = [weekdays[instant.getUTCDay()], String(instant.getUTCDate()), String(instant.getUTCFullYear())];
        return formatRideDate(date).startsWith(`${weekday}, `) && formatRideDate(date).endsWith(` ${day}, ${year}`) && formatNoticeDate(date).startsWith(`${weekday} ${day} `);
      }),
    );
  });
});

describe('a clock time', () => {
  it.each([
    ['00:30', '12:30 AM'],
    ['08:05', '8:05 AM'],
    ['7:30', '7:30 AM'],
    ['12:00', '12:00 PM'],
    ['14:30', '2:30 PM'],
    ['20:30:00', '8:30 PM'],
    ['23:55', '11:55 PM'],
  ])('%s is %s', (time, shown) => {
    expect(formatClockTime(time)).toBe(shown);
  });

  it.each(['24:00', '12:60', 'noon', ''])('%j is shown as given', (time) => {
    expect(formatClockTime(time)).toBe(time);
  });
});

describe('the formats, written by hand from UTC fields', () => {
  it('match what Intl writes for the same day and instant, in Accra\'s time zone', () => {
    const intl = {
      card: new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: ghanaTimeZone }),
      picked: new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: ghanaTimeZone }),
      instant: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: ghanaTimeZone }),
      day: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: ghanaTimeZone }),
    };
    const instants = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instants, (instant) => {
        const date = ghanaDate(instant);
        expect(formatRideDate(date)).toBe(intl.card.format(instant));
        expect(formatPickedDate(date)).toBe(intl.picked.format(instant));
        // British English in recent ICU data writes September `Sept`; Krom writes `Sep` everywhere, as on the ride cards.
        expect(formatDateTimeInGhana(instant)).toBe(intl.instant.format(instant).replace('Sept', 'Sep'));
        expect(formatDayInGhana(instant)).toBe(intl.day.format(instant).replace('Sept', 'Sep'));
      }),
    );
  });

  it('refuse an instant that is no time at all, as Intl does', () => {
    expect(() => formatDateTimeInGhana('not a time')).toThrow(RangeError);
    expect(() => formatDayInGhana(Number.NaN)).toThrow(RangeError);
  });
});

describe('an instant in Ghana time', () => {
  it('is written with its Ghana day and clock, whatever zone it was written in', () => {
    expect(formatDateTimeInGhana('2026-11-22T09:30:00Z')).toBe('22 Nov 2026, 09:30');
    expect(formatDateTimeInGhana(new Date('2026-11-22T23:30:00-01:00'))).toBe('23 Nov 2026, 00:30');
    expect(formatDayInGhana('2026-11-22T23:30:00-01:00')).toBe('23 Nov 2026');
    expect(formatDayInGhana('2026-09-01T10:00:00Z')).toBe('1 Sep 2026');
  });
});
