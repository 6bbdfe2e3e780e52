/*
 * Calendar periods in Ghana time, for totals "this month" and the like. Ghana's clock is UTC's all
 * year (contracts/ghana-time.ts), so a Ghana day, week or month starts at a UTC midnight.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight at the start of the Ghana day holding `at`. */
export const dayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** Midnight at the start of the Ghana week (from Monday) holding `at`. */
export const weekStart = (at: Date) => {
  const day = dayStart(at);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
};

/** Midnight on the first of the Ghana month holding `at`, or `offset` months from it. */
export const monthStart = (at: Date, offset = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));

export const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);
