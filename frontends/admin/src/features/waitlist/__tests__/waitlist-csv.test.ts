import type { WaitlistSignup } from '@krom/contracts/http/waitlist';
import { describe, expect, it } from 'vitest';
import { buildWaitlistCsv, waitlistCsvFileName } from '../waitlist-csv.ts';

const signups: WaitlistSignup[] = [
  {
    id: '0e0c7f3c-6c0e-4a3a-8d54-3c1f0f5b8d11',
    name: 'Kofi "KB" Boateng',
    email: 'kofi@example.com',
    phone: '0241234567',
    createdAt: '2025-01-05T15:04:00.000Z',
  },
  {
    id: '1e0c7f3c-6c0e-4a3a-8d54-3c1f0f5b8d12',
    name: '=HYPERLINK("http://evil.example")',
    email: 'adwoa@example.com',
    phone: '0551234567',
    createdAt: '2025-11-30T08:15:00.000Z',
  },
];

describe('waitlist CSV', () => {
  const lines = buildWaitlistCsv(signups, { timeZone: 'UTC' }).split('\r\n');

  it('starts with the quoted header Name, Email, Phone, Joined Date', () => {
    expect(lines[0]).toBe('"Name","Email","Phone","Joined Date"');
  });

  it('quotes every value, doubling quotes inside, and writes dates in US short form with time', () => {
    expect(lines[1]?.replace(/\s/g, ' ')).toBe(
      '"Kofi ""KB"" Boateng","kofi@example.com","0241234567","Jan 5, 2025, 03:04 PM"',
    );
    expect(lines).toHaveLength(3);
  });

  it('keeps phone numbers as text with their leading 0', () => {
    expect(lines[2]).toContain('"0551234567"');
  });

  it('defuses a name a spreadsheet would run as a formula', () => {
    expect(lines[2]?.startsWith('"\'=HYPERLINK(""http://evil.example"")"')).toBe(true);
  });

  it('names the file waitlist-YYYY-MM-DD.csv with the current date', () => {
    expect(waitlistCsvFileName(new Date(2025, 0, 5, 23, 59))).toBe('waitlist-2025-01-05.csv');
    expect(waitlistCsvFileName(new Date(2025, 10, 30, 0, 1))).toBe('waitlist-2025-11-30.csv');
  });
});
