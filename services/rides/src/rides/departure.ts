/**
 * A departure's date (yyyy-MM-dd) and wall-clock time (HH:MM) as one instant. Ghana keeps GMT all
 * year, with no daylight saving, so the time in Accra is the time in UTC.
 */
export const departureInstant = (date: string, time: string): Date => new Date(`${date}T${time}:00.000Z`);
