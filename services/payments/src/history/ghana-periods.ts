/*
 * A calendar month in Ghana time, for totals "this month". Ghana's clock is UTC's all year
 * (contracts/ghana-time.ts), so a Ghana month starts at a UTC midnight.
 */

/** Midnight on the first of the Ghana month holding `at`, or `offset` months from it. */
export const monthStart = (at: Date, offset = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
