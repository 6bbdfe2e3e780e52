import { formerMemberName } from '@krom/contracts/http/review-values';
import { reviewFactSchema, reviewReported } from '@krom/contracts/events/reviews';
import {
  memberReviewsResponseSchema,
  type Review,
  reviewMessages,
  reviewSchema,
  reviewsToWriteResponseSchema,
  reviewWindowDays,
} from '@krom/contracts/http/reviews';
import { rideBookingsResponseSchema } from '@krom/contracts/http/bookings';
import { rideDetailsSchema, rideSearchResponseSchema } from '@krom/contracts/http/rides';
import { describe, expect, it } from 'vitest';
import { completeRides } from '../src/jobs/sweeps.ts';
import { publishDueReviews } from '../src/reviews/publish-reviews.ts';
import { memberReviews } from '../src/reviews/review-views.ts';
import { bookingCalls, type Member } from './bookings-env.ts';
import { dayFromNow, useRidesService } from './rides-test-env.ts';

/*
 * Reviews both ways, on the real database through the service's routes, at the time the test's
 * clock says: only the two people of a completed (or no-show) booking, once each way, within 14
 * days of the ride's arrival; hidden until both have reviewed or the window has closed; one reply
 * by the member reviewed; reports stored; averages counting visible reviews only.
 */

let now = new Date();
const handle = useRidesService({}, { clock: () => now });
const { call, member, ride, form, booked, departAt, outbox } = bookingCalls(handle);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const db = () => handle.service.db;
const guest = { kind: 'public' } as const;
const good = { rating: 5, comment: 'Safe driver, on time, friendly.' };

/**
 * A ride Accra → Kumasi that departed 13 hours ago (no duration given: it counts 12 hours, so it
 * arrived an hour ago) with `passengers` boarded and completed by the sweep. The clock is then the
 * real time, and `windowEnd` the ride's arrival plus the review window.
 */
async function completedTrip(passengers = 1) {
  const { driver, rideId } = await ride({ seats: 4 });
  const riders: { passenger: Member; bookingId: string }[] = [];
  const names = ['Ama', 'Efua', 'Akosua', 'Adwoa'];
  for (let i = 0; i < passengers; i += 1) {
    const passenger = await member({ firstName: names[i] });
    const booking = await booked(passenger, form(rideId));
    riders.push({ passenger, bookingId: booking.id });
  }
  const departure = Date.now() - 13 * HOUR;
  await departAt(rideId, new Date(departure));
  for (const { bookingId, passenger } of riders) {
    const code = (await call(passenger, 'GET', `/bookings/${bookingId}`)).json().boardingCode as string;
    expect((await call(driver, 'POST', `/rides/${rideId}/board`, { code })).statusCode).toBe(200);
  }
  const arrival = departure + 12 * HOUR;
  await completeRides(db(), new Date(arrival + 2 * HOUR));
  now = new Date();
  return { driver, rideId, riders, arrival, windowEnd: arrival + reviewWindowDays * DAY };
}

const review = (caller: Member, bookingId: string, body: object = good) => call(caller, 'POST', `/bookings/${bookingId}/review`, body);
async function reviewed(caller: Member, bookingId: string, body: object = good): Promise<Review> {
  const response = await review(caller, bookingId, body);
  expect(response.statusCode, response.body).toBe(201);
  return reviewSchema.parse(response.json());
}
async function reviewsOf(memberId: string, query = '') {
  const response = await call(guest, 'GET', `/members/${memberId}/reviews${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return memberReviewsResponseSchema.parse(response.json());
}
const toWrite = async (caller: Member, query = '') => reviewsToWriteResponseSchema.parse((await call(caller, 'GET', `/reviews/to-write${query}`)).json()).reviews;
const refused = (response: { statusCode: number; json: () => { message: string } }) => [response.statusCode, response.json().message];

describe('who may review', () => {
  it('lets only the passenger and the driver of the booking review it; anyone else is told the booking is not found', async () => {
    const { riders } = await completedTrip(2);
    const [first, second] = riders;
    const stranger = await member();
    expect(refused(await review(stranger, first!.bookingId))).toEqual([404, reviewMessages.bookingNotFound]);
    // Another passenger of the same ride is no party to this booking.
    expect(refused(await review(second!.passenger, first!.bookingId))).toEqual([404, reviewMessages.bookingNotFound]);
    expect(refused(await review(stranger, 'not-a-booking'))).toEqual([404, reviewMessages.bookingNotFound]);
    expect((await call(guest, 'POST', `/bookings/${first!.bookingId}/review`, good)).statusCode).toBe(401);
  });

  it('refuses a review before the trip is over', async () => {
    const { rideId } = await ride();
    const passenger = await member();
    const booking = await booked(passenger, form(rideId));
    expect(refused(await review(passenger, booking.id))).toEqual([409, reviewMessages.notOver]);
  });

  it('lets both sides of a no-show booking review each other', async () => {
    const { driver, rideId } = await ride();
    const passenger = await member();
    const booking = await booked(passenger, form(rideId));
    await departAt(rideId, new Date(Date.now() - HOUR));
    expect((await call(driver, 'POST', `/bookings/${booking.id}/no-show`)).statusCode).toBe(200);
    now = new Date();
    expect((await reviewed(driver, booking.id, { rating: 1, comment: 'Did not come to the pickup point.' })).reviewType).toBe('passenger');
    expect((await reviewed(passenger, booking.id)).reviewType).toBe('driver');
  });

  it('takes a rating of 1 to 5 and a comment of at least 10 characters, in the spec’s words', async () => {
    const { riders } = await completedTrip();
    const { passenger, bookingId } = riders[0]!;
    for (const rating of [0, 6, 3.5, '5']) {
      const response = await review(passenger, bookingId, { ...good, rating });
      expect(refused(response)).toEqual([400, reviewMessages.rating]);
    }
    expect(refused(await review(passenger, bookingId, { ...good, comment: '  Too short  ' }))).toEqual([400, reviewMessages.comment]);
    expect(refused(await review(passenger, bookingId, { rating: 4 }))).toEqual([400, reviewMessages.comment]);
    // Exactly 10 characters (after trimming) is enough.
    expect((await reviewed(passenger, bookingId, { rating: 4, comment: '  Good ride!  ' })).comment).toBe('Good ride!');
  });
});

describe('once per booking and direction, within the window', () => {
  it('takes one review each way; a second one is refused', async () => {
    const { driver, riders } = await completedTrip();
    const { passenger, bookingId } = riders[0]!;
    await reviewed(passenger, bookingId);
    expect(refused(await review(passenger, bookingId, { rating: 1, comment: 'Changed my mind about it' }))).toEqual([409, reviewMessages.alreadyReviewed]);
    await reviewed(driver, bookingId, { rating: 4, comment: 'Polite passenger, ready on time.' });
    expect(refused(await review(driver, bookingId))).toEqual([409, reviewMessages.alreadyReviewed]);
  });

  it('takes one of two reviews the same way sent at once, and publishes both sides sent at once', async () => {
    const { driver, riders } = await completedTrip(2);
    const [ama, efua] = riders;
    const same = await Promise.all([review(ama!.passenger, ama!.bookingId), review(ama!.passenger, ama!.bookingId)]);
    expect(same.map((response) => response.statusCode).sort()).toEqual([201, 409]);

    const [ofDriver, ofPassenger] = await Promise.all([review(efua!.passenger, efua!.bookingId), review(driver, efua!.bookingId)]);
    expect([ofDriver.statusCode, ofPassenger.statusCode]).toEqual([201, 201]);
    const shown = (await reviewsOf(driver.userId)).reviews.map((entry) => entry.id);
    expect(shown).toEqual([reviewSchema.parse(ofDriver.json()).id]);
    expect((await reviewsOf(efua!.passenger.userId)).asPassenger).toEqual({ average: 5, count: 1 });
  });

  it('takes a review until 14 days after the arrival, and refuses it a moment later', async () => {
    const { driver, riders, windowEnd } = await completedTrip(2);
    now = new Date(windowEnd);
    await reviewed(riders[0]!.passenger, riders[0]!.bookingId);
    now = new Date(windowEnd + 1);
    expect(refused(await review(riders[1]!.passenger, riders[1]!.bookingId))).toEqual([409, reviewMessages.windowClosed]);
    expect(refused(await review(driver, riders[1]!.bookingId))).toEqual([409, reviewMessages.windowClosed]);
  });

  it('lists what the member still has to review: the driver each passenger of the ride, the passenger the driver', async () => {
    const { driver, rideId, riders, windowEnd } = await completedTrip(2);
    const [ama, efua] = riders;
    const pending = await toWrite(driver, `?rideId=${rideId}`);
    expect(pending.map((entry) => [entry.bookingId, entry.reviewType, entry.reviewee.id, entry.reviewee.firstName])).toEqual([
      [ama!.bookingId, 'passenger', ama!.passenger.userId, 'Ama'],
      [efua!.bookingId, 'passenger', efua!.passenger.userId, 'Efua'],
    ]);
    expect(pending[0]!.reviewBy).toBe(new Date(windowEnd).toISOString());
    await reviewed(driver, ama!.bookingId);
    expect((await toWrite(driver, `?rideId=${rideId}`)).map((entry) => entry.bookingId)).toEqual([efua!.bookingId]);
    expect((await toWrite(ama!.passenger)).map((entry) => [entry.bookingId, entry.reviewType, entry.reviewee.id])).toEqual([
      [ama!.bookingId, 'driver', driver.userId],
    ]);
    // Once the window has closed, nothing is left to write.
    now = new Date(windowEnd + 1);
    expect(await toWrite(driver, `?rideId=${rideId}`)).toEqual([]);
  });
});

describe('hidden until both have reviewed or the window has closed', () => {
  it('shows neither review until the second is written, then both (and announces each once)', async () => {
    const { driver, riders } = await completedTrip();
    const { passenger, bookingId } = riders[0]!;
    const first = await reviewed(passenger, bookingId);
    expect(first).toMatchObject({ visible: false, publishedAt: null, rating: 5 });
    expect((await reviewsOf(driver.userId)).reviews).toEqual([]);
    expect((await reviewsOf(driver.userId)).asDriver).toEqual({ average: null, count: 0 });
    // Its reviewee does not find it to reply to, nor anyone to report.
    expect(refused(await call(driver, 'POST', `/reviews/${first.id}/reply`, { reply: 'Thank you!' }))).toEqual([404, reviewMessages.notFound]);

    const second = await reviewed(driver, bookingId, { rating: 3, comment: 'Kept us waiting ten minutes.' });
    expect(second.visible).toBe(true);
    const ofDriver = await reviewsOf(driver.userId);
    expect(ofDriver.reviews.map((entry) => [entry.id, entry.rating, entry.reviewer.firstName, entry.visible])).toEqual([[first.id, 5, 'Ama', true]]);
    expect(ofDriver.asDriver).toEqual({ average: 5, count: 1 });
    expect((await reviewsOf(passenger.userId)).asPassenger).toEqual({ average: 3, count: 1 });

    const subjects = (await outbox('krom.rides.review.published.v1')).map((envelope) => reviewFactSchema.parse(envelope.data));
    expect(subjects.filter((fact) => fact.bookingId === bookingId).map((fact) => [fact.reviewId, fact.version])).toEqual(
      expect.arrayContaining([
        [first.id, 2],
        [second.id, 2],
      ]),
    );
    expect(subjects.filter((fact) => fact.bookingId === bookingId)).toHaveLength(2);
  });

  it('publishes a lone review when the window closes, not a moment before, and only once', async () => {
    const { driver, riders, windowEnd } = await completedTrip();
    const { passenger, bookingId } = riders[0]!;
    const lone = await reviewed(passenger, bookingId, { rating: 2, comment: 'Drove far too fast on the highway.' });
    await publishDueReviews(db(), new Date(windowEnd - 1));
    expect((await reviewsOf(driver.userId)).reviews).toEqual([]);

    await publishDueReviews(db(), new Date(windowEnd));
    const ofDriver = await reviewsOf(driver.userId);
    expect(ofDriver.reviews.map((entry) => [entry.id, entry.publishedAt])).toEqual([[lone.id, new Date(windowEnd).toISOString()]]);
    expect(ofDriver.asDriver).toEqual({ average: 2, count: 1 });

    await publishDueReviews(db(), new Date(windowEnd + DAY));
    expect((await reviewsOf(driver.userId)).asDriver).toEqual({ average: 2, count: 1 });
    const published = (await outbox('krom.rides.review.published.v1')).filter((envelope) => reviewFactSchema.parse(envelope.data).reviewId === lone.id);
    expect(published).toHaveLength(1);
  });
});

describe('averages', () => {
  it('counts visible reviews only, on the member’s reviews, the driver’s profile, the ride’s details and the search’s cards', async () => {
    const trip = await completedTrip(3);
    const { driver, rideId, riders } = trip;
    const [ama, efua, akosua] = riders;
    // The driver's coming ride, as the listing shows it (the search's kept answer included).
    const search = async () => {
      const response = await call(guest, 'GET', `/rides?date=${dayFromNow(3)}&from=Accra&to=Kumasi&pageSize=50`);
      return rideSearchResponseSchema.parse(response.json()).rides.filter((card) => card.driverId === driver.userId);
    };
    const comingRide = await call(driver, 'POST', '/rides', await comingRideOf(rideId));
    expect(comingRide.statusCode, comingRide.body).toBe(201);
    expect((await search()).map((card) => [card.driverRating, card.driverReviewCount])).toEqual([[null, 0]]);

    // Two reviews made visible by both sides reviewing (an hour apart), one left hidden.
    await reviewed(ama!.passenger, ama!.bookingId, { rating: 5, comment: 'Excellent, would ride again.' });
    await reviewed(driver, ama!.bookingId);
    now = new Date(now.getTime() + HOUR);
    await reviewed(efua!.passenger, efua!.bookingId, { rating: 4, comment: 'Good ride but a late start.' });
    await reviewed(driver, efua!.bookingId);
    await reviewed(akosua!.passenger, akosua!.bookingId, { rating: 1, comment: 'Not what I expected at all.' });

    expect((await reviewsOf(driver.userId)).asDriver).toEqual({ average: 4.5, count: 2 });
    expect((await reviewsOf(driver.userId, '?as=driver')).reviews.map((entry) => entry.rating)).toEqual([4, 5]);
    const profile = (await call(guest, 'GET', `/drivers/${driver.userId}`)).json();
    expect([profile.rating, profile.reviewCount]).toEqual([4.5, 2]);
    const dashboard = (await call(driver, 'GET', '/rides/driver-dashboard')).json();
    expect([dashboard.rating, dashboard.reviewCount]).toEqual([4.5, 2]);
    expect(rideDetailsSchema.parse((await call(guest, 'GET', `/rides/${rideId}`)).json()).driverRating).toBe(4.5);
    expect((await search()).map((card) => [card.driverRating, card.driverReviewCount])).toEqual([[4.5, 2]]);

    // The hidden one counts once it shows: (5 + 4 + 1) / 3.
    await publishDueReviews(db(), new Date(trip.windowEnd));
    expect((await reviewsOf(driver.userId)).asDriver).toEqual({ average: 3.3, count: 3 });
    expect((await search()).map((card) => [card.driverRating, card.driverReviewCount])).toEqual([[3.3, 3]]);
  });
});

describe("a passenger's rating as the driver sees it", () => {
  it('is on each booking of Manage Bookings: the average of visible reviews as a passenger and their count, none before', async () => {
    const { driver, rideId, riders } = await completedTrip(2);
    const [ama, efua] = riders;
    await reviewed(driver, ama!.bookingId, { rating: 4, comment: 'Polite passenger, ready on time.' });
    await reviewed(ama!.passenger, ama!.bookingId);
    // Efua's review stays hidden (she has not reviewed the driver): it does not count yet.
    await reviewed(driver, efua!.bookingId, { rating: 2, comment: 'Kept everyone waiting an hour.' });

    const ratingsOn = async (owner: Member, id: string) => {
      const response = await call(owner, 'GET', `/rides/${id}/bookings`);
      expect(response.statusCode, response.body).toBe(200);
      return rideBookingsResponseSchema.parse(response.json()).bookings.map((booking) => [booking.passengerFirstName, booking.passengerRating]);
    };
    expect(await ratingsOn(driver, rideId)).toEqual([
      ['Ama', { average: 4, count: 1 }],
      ['Efua', { average: null, count: 0 }],
    ]);

    // A new driver sees Ama's rating when she books their ride.
    const other = await ride();
    await booked(ama!.passenger, form(other.rideId));
    expect(await ratingsOn(other.driver, other.rideId)).toEqual([['Ama', { average: 4, count: 1 }]]);
  });
});

/** The driver's next ride, with the vehicle of `rideId`, three days ahead (the date the search asks for). */
async function comingRideOf(rideId: string) {
  const { rows } = await db().$client.query<{ vehicleId: string }>('SELECT vehicle_id AS "vehicleId" FROM rides WHERE id = $1', [rideId]);
  return {
    vehicleId: rows[0]!.vehicleId,
    fromCity: 'Accra',
    toCity: 'Kumasi',
    fromLocation: 'Circle VIP Bus Station',
    toLocation: 'Kejetia Lorry Park',
    departureDate: dayFromNow(3),
    departureTime: '15:30',
    availableSeats: 3,
    pricePerSeat: '120',
  };
}

describe('replies', () => {
  it('lets the member reviewed reply once, and nobody else', async () => {
    const { driver, riders } = await completedTrip();
    const { passenger, bookingId } = riders[0]!;
    const ofDriver = await reviewed(passenger, bookingId);
    await reviewed(driver, bookingId);
    const stranger = await member();
    for (const who of [stranger, passenger]) {
      expect(refused(await call(who, 'POST', `/reviews/${ofDriver.id}/reply`, { reply: 'Not mine to answer' }))).toEqual([403, reviewMessages.notReviewee]);
    }
    expect(refused(await call(driver, 'POST', `/reviews/${ofDriver.id}/reply`, { reply: '   ' }))).toEqual([400, reviewMessages.reply]);
    now = new Date(now.getTime() + HOUR);
    const replied = await call(driver, 'POST', `/reviews/${ofDriver.id}/reply`, { reply: 'Thank you, Ama!' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(reviewSchema.parse(replied.json()).reply).toEqual({ text: 'Thank you, Ama!', repliedAt: now.toISOString() });
    expect(refused(await call(driver, 'POST', `/reviews/${ofDriver.id}/reply`, { reply: 'And again' }))).toEqual([409, reviewMessages.alreadyReplied]);
    expect((await reviewsOf(driver.userId)).reviews[0]!.reply?.text).toBe('Thank you, Ama!');
    const replies = (await outbox('krom.rides.review.replied.v1')).map((envelope) => reviewFactSchema.parse(envelope.data));
    expect(replies.filter((fact) => fact.reviewId === ofDriver.id).map((fact) => [fact.reply, fact.version])).toEqual([['Thank you, Ama!', 3]]);
  });
});

describe('reports', () => {
  it('stores a report with its reason and thanks the member; a hidden review cannot be reported', async () => {
    const { driver, riders } = await completedTrip(2);
    const ofDriver = await reviewed(riders[0]!.passenger, riders[0]!.bookingId);
    await reviewed(driver, riders[0]!.bookingId);
    const hidden = await reviewed(riders[1]!.passenger, riders[1]!.bookingId);
    const reporter = await member();

    expect(refused(await call(reporter, 'POST', `/reviews/${ofDriver.id}/reports`, { reason: ' ' }))).toEqual([400, reviewMessages.reportReason]);
    expect(refused(await call(reporter, 'POST', `/reviews/${hidden.id}/reports`, { reason: 'Rude words' }))).toEqual([404, reviewMessages.notFound]);
    expect((await call(guest, 'POST', `/reviews/${ofDriver.id}/reports`, { reason: 'Rude words' })).statusCode).toBe(401);

    const reported = await call(reporter, 'POST', `/reviews/${ofDriver.id}/reports`, { reason: 'It names the driver’s phone number' });
    expect([reported.statusCode, reported.json()]).toEqual([201, { message: reviewMessages.reportThanks }]);
    // Reported again: thanked again, stored once.
    const again = await call(reporter, 'POST', `/reviews/${ofDriver.id}/reports`, { reason: 'Still there' });
    expect([again.statusCode, again.json()]).toEqual([201, { message: reviewMessages.reportThanks }]);
    const { rows } = await db().$client.query('SELECT reporter_id AS "reporterId", reason FROM review_reports WHERE review_id = $1', [ofDriver.id]);
    expect(rows).toEqual([{ reporterId: reporter.userId, reason: 'It names the driver’s phone number' }]);
    const events = (await outbox(reviewReported.subject)).map((envelope) => reviewReported.schema.parse(envelope.data));
    expect(events.filter((event) => event.reviewId === ofDriver.id).map((event) => [event.reporterId, event.revieweeId, event.reason])).toEqual([
      [reporter.userId, driver.userId, 'It names the driver’s phone number'],
    ]);
  });
});

describe('a member’s reviews', () => {
  it('pages through the visible reviews newest first, each page starting after the last one shown', async () => {
    const { driver, riders } = await completedTrip(3);
    const written: string[] = [];
    for (const { passenger, bookingId } of riders) {
      now = new Date(now.getTime() + HOUR);
      written.push((await reviewed(passenger, bookingId)).id);
      await reviewed(driver, bookingId);
    }
    const first = await memberReviews(db(), driver.userId, {}, 2);
    expect(first.reviews.map((entry) => entry.id)).toEqual([written[2], written[1]]);
    expect(first.nextCursor).not.toBeNull();
    const second = await memberReviews(db(), driver.userId, { before: first.nextCursor! }, 2);
    expect([second.reviews.map((entry) => entry.id), second.nextCursor]).toEqual([[written[0]], null]);
    // The route pages the same way (20 a page): all three on one.
    const routed = await reviewsOf(driver.userId);
    expect([routed.reviews.map((entry) => entry.id), routed.nextCursor]).toEqual([[written[2], written[1], written[0]], null]);
    // As a passenger, the driver has none.
    expect((await reviewsOf(driver.userId, '?as=passenger')).reviews).toEqual([]);
  });

  it('names a reviewer who has since deleted their account "Former member", without their name or photo', async () => {
    const { driver, riders } = await completedTrip(2);
    const [leaving, staying] = riders as [(typeof riders)[number], (typeof riders)[number]];
    await db().$client.query("UPDATE user_profiles SET profile_image_url = 'https://img.krom.test/ama.jpg' WHERE user_id = $1", [leaving.passenger.userId]);
    for (const { passenger, bookingId } of riders) {
      await reviewed(passenger, bookingId);
      await reviewed(driver, bookingId);
    }
    const reviewerOf = async () =>
      Object.fromEntries((await reviewsOf(driver.userId)).reviews.map((entry) => [entry.reviewer.id, [entry.reviewer.firstName, entry.reviewer.profileImageUrl]]));
    expect(await reviewerOf()).toEqual({ [leaving.passenger.userId]: ['Ama', 'https://img.krom.test/ama.jpg'], [staying.passenger.userId]: ['Efua', null] });

    // Identity's snapshot of the deleted account reaches the projection as deleted.
    await db().$client.query('UPDATE user_profiles SET deleted = true WHERE user_id = $1', [leaving.passenger.userId]);

    expect(await reviewerOf()).toEqual({ [leaving.passenger.userId]: [formerMemberName, null], [staying.passenger.userId]: ['Efua', null] });
    const shown = JSON.stringify(await reviewsOf(driver.userId));
    expect(shown).not.toContain('Ama');
    expect(shown).not.toContain('ama.jpg');
  });

  it('answers 404 for a member rides does not know', async () => {
    expect(refused(await call(guest, 'GET', '/members/0d6f8c1e-3b7a-4f2e-9a41-5c2b8e7d9f10/reviews'))).toEqual([404, reviewMessages.memberNotFound]);
    expect(refused(await call(guest, 'GET', '/members/nobody/reviews'))).toEqual([404, reviewMessages.memberNotFound]);
  });
  it('refuses a cursor it did not make', async () => {
    const someone = await member();
    expect(refused(await call(guest, 'GET', `/members/${someone.userId}/reviews?before=garbage`))).toEqual([400, reviewMessages.cursor]);
  });
});
