/*
 * The data download's words and file name, without zod (for the settings screen's bundle).
 */

/** The file's name for a download made on `date` (Ghana time is UTC): krom-data-2026-11-28.json. */
export const dataExportFileName = (date: Date) => `krom-data-${date.toISOString().slice(0, 10)}.json`;

export const dataExportTexts = {
  heading: 'Download your data',
  explanation: 'Get a copy of what Krom keeps about you: your profile, rides, bookings, payments, reviews and messages, as one JSON file.',
  button: 'Download my data',
  preparing: 'Preparing your file…',
  failed: 'Your data could not be downloaded. Please try again.',
} as const;
