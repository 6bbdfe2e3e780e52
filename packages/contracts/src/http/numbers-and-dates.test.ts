import { describe, expect, it } from 'vitest';
import { dateMessages, ghanaToday, monthsAfter, yearsBefore } from './dates.ts';
import { rideRequestInputSchema, rideRequestMessages } from './ride-requests.ts';
import { postRideSchema, rideMessages, rideSearchQuerySchema, updateRideSchema } from './rides.ts';
import { messageLogQuerySchema } from './staff-messages.ts';
import { vehicleInputSchema, vehicleMessages } from './vehicles.ts';
import { driverVerificationFieldsSchema, identityVerificationFieldsSchema, verificationMessages } from './verification.ts';

/*
 * What the contracts take as a number and as a date, judged as the services judge a request: a
 * refused value gets a message in words, never a number or a date PostgreSQL could not store.
 */
const messageOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, field: string) =>
  result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;

const today = ghanaToday();
const ride = {
  vehicleId: '00000000-0000-4000-8000-000000000001',
  fromCity: 'Accra',
  toCity: 'Kumasi',
  fromLocation: 'Accra Mall',
  toLocation: 'Adum',
  departureDate: monthsAfter(today, 1),
  departureTime: '08:00',
  availableSeats: 3,
  pricePerSeat: '45',
};
const vehicle = { make: 'Toyota', model: 'Corolla', year: 2018, color: 'White', licensePlate: 'GR-1234-20', seats: 4 };

describe('numbers are decimal numbers', () => {
  it.each([true, [3], '0x3', '1e1', '3 ', '', ' ', '+3', '3.', '.5', 'Infinity', { seats: 3 }, null])('refuses %j for availableSeats, in words', (value) => {
    expect(messageOf(postRideSchema.safeParse({ ...ride, availableSeats: value }), 'availableSeats')).toBe(rideMessages.seats);
    expect(messageOf(updateRideSchema.safeParse({ ...ride, availableSeats: value }), 'availableSeats')).toBe(rideMessages.seats);
  });

  it('takes a JSON number or plain decimal text, as the forms send it', () => {
    expect(postRideSchema.parse({ ...ride, availableSeats: 3 }).availableSeats).toBe(3);
    expect(postRideSchema.parse({ ...ride, availableSeats: '3' }).availableSeats).toBe(3);
    expect(postRideSchema.parse({ ...ride, fromLatitude: '5.56', fromLongitude: '-0.2' })).toMatchObject({ fromLatitude: 5.56, fromLongitude: -0.2 });
    expect(vehicleInputSchema.parse({ ...vehicle, year: '2018', seats: '5' })).toMatchObject({ year: 2018, seats: 5 });
  });

  it.each(['0x10', '1e1', '16.0e0', ' 10', '10 ', '+10', '-1', '', 'true', '0b11'])('refuses %j as a query number (pageSize, page, seats, limit), in words', (value) => {
    expect(messageOf(rideSearchQuerySchema.safeParse({ pageSize: value }), 'pageSize')).toBe(rideMessages.pageSize);
    expect(messageOf(rideSearchQuerySchema.safeParse({ page: value }), 'page')).toBe(rideMessages.page);
    expect(messageOf(rideSearchQuerySchema.safeParse({ seats: value }), 'seats')).toBe(rideMessages.seats);
    expect(messageOf(messageLogQuerySchema.safeParse({ limit: value }), 'limit')).toBe('Limit must be a whole number from 1 to 200');
  });

  it('reads plain digits in a query string', () => {
    expect(rideSearchQuerySchema.parse({ page: '2', pageSize: '10', seats: '3' })).toMatchObject({ page: 2, pageSize: 10, seats: 3 });
    expect(messageLogQuerySchema.parse({ limit: '25' }).limit).toBe(25);
  });

  it('refuses loose numbers in the other numeric fields', () => {
    const passengers = { fromLocation: 'Accra', toLocation: 'Kumasi', passengers: true };
    expect(messageOf(rideRequestInputSchema.safeParse(passengers), 'passengers')).toBe(rideRequestMessages.passengers);
    expect(messageOf(rideRequestInputSchema.safeParse({ ...passengers, passengers: [2] }), 'passengers')).toBe(rideRequestMessages.passengers);
    expect(messageOf(vehicleInputSchema.safeParse({ ...vehicle, seats: '0x4' }), 'seats')).toBe(vehicleMessages.seats);
    expect(messageOf(vehicleInputSchema.safeParse({ ...vehicle, year: '2e3' }), 'year')).toMatch(/^Year must be between/);
    expect(messageOf(postRideSchema.safeParse({ ...ride, fromLatitude: '0x5' }), 'fromLatitude')).toBe(rideMessages.coordinates);
  });
});

describe('every date has a window PostgreSQL can store', () => {
  const farPast = ['0000-01-01', '0001-01-01', '1000-06-15'];
  const farFuture = ['9999-12-31', monthsAfter(today, 13)];

  it('a departure is from today to 12 months ahead', () => {
    for (const date of farPast) expect(messageOf(postRideSchema.safeParse({ ...ride, departureDate: date }), 'departureDate'), date).toBe(rideMessages.pastDeparture);
    for (const date of farFuture) {
      expect(messageOf(postRideSchema.safeParse({ ...ride, departureDate: date }), 'departureDate'), date).toBe(dateMessages.departureTooFar);
      expect(messageOf(updateRideSchema.safeParse({ ...ride, departureDate: date }), 'departureDate'), date).toBe(dateMessages.departureTooFar);
    }
    expect(postRideSchema.safeParse({ ...ride, departureDate: today }).success).toBe(true);
    expect(postRideSchema.safeParse({ ...ride, departureDate: monthsAfter(today, 12) }).success).toBe(true);
    expect(messageOf(postRideSchema.safeParse({ ...ride, departureDate: '2027-02-30' }), 'departureDate')).toBe(rideMessages.date);
  });

  it('a search date is within 12 months of today either way', () => {
    for (const date of [...farPast, ...farFuture, monthsAfter(today, -13)]) {
      expect(messageOf(rideSearchQuerySchema.safeParse({ date }), 'date'), date).toBe(dateMessages.searchDate);
    }
    for (const date of [monthsAfter(today, -12), today, monthsAfter(today, 12)]) expect(rideSearchQuerySchema.safeParse({ date }).success, date).toBe(true);
  });

  it("a request's preferred date is from today to 12 months ahead", () => {
    const request = { fromLocation: 'Accra', toLocation: 'Kumasi' };
    for (const date of farPast) {
      expect(messageOf(rideRequestInputSchema.safeParse({ ...request, preferredDepartureDate: date }), 'preferredDepartureDate')).toBe(rideRequestMessages.pastDate);
    }
    for (const date of farFuture) {
      expect(messageOf(rideRequestInputSchema.safeParse({ ...request, preferredDepartureDate: date }), 'preferredDepartureDate')).toBe(rideRequestMessages.farDate);
    }
  });

  it("a driver's date of birth is 18 to 120 years ago", () => {
    const driver = { cardNumber: 'GHA-123456789-0', fullName: 'Ama Mensah', licenseNumber: 'DL-123456', licenseClass: 'B', licenseExpiryDate: monthsAfter(today, 24) };
    const dateOfBirth = (value: string) => messageOf(driverVerificationFieldsSchema.safeParse({ ...driver, dateOfBirth: value }), 'dateOfBirth');
    for (const date of [...farPast, yearsBefore(today, 121)]) expect(dateOfBirth(date), date).toBe(dateMessages.dateOfBirthTooOld);
    expect(dateOfBirth(yearsBefore(today, 17))).toBe(verificationMessages.driverTooYoung);
    expect(dateOfBirth('9999-12-31')).toBe(verificationMessages.dateOfBirthPast);
    expect(dateOfBirth(yearsBefore(today, 120))).toBeUndefined();
    expect(dateOfBirth(yearsBefore(today, 18))).toBeUndefined();
  });

  it('an expiry date is after today and within 25 years', () => {
    const card = { fullName: 'Ama Mensah', cardNumber: 'GHA-123456789-0' };
    for (const date of farPast) expect(messageOf(identityVerificationFieldsSchema.safeParse({ ...card, expiryDate: date }), 'expiryDate')).toBe(verificationMessages.expiryFuture);
    expect(messageOf(identityVerificationFieldsSchema.safeParse({ ...card, expiryDate: '9999-12-31' }), 'expiryDate')).toBe(verificationMessages.invalidDate);
  });

  it("a message log cursor is an instant between 1970 and 9999, whatever its offset", () => {
    for (const before of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00', '1969-12-31T23:59:59Z', '9999-12-31T23:59:59-12:00', 'yesterday', '2026-13-01T00:00:00Z']) {
      expect(messageOf(messageLogQuerySchema.safeParse({ before }), 'before'), before).toBe(dateMessages.instant('before'));
    }
    for (const before of ['1970-01-01T00:00:00Z', '2026-11-27T10:00:00+01:00', '9999-12-31T23:59:59Z']) expect(messageLogQuerySchema.safeParse({ before }).success, before).toBe(true);
  });
});
