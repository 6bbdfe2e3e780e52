import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bookingEvents } from '@krom/contracts/events/bookings';
import { type PaymentFact, paymentEvents } from '@krom/contracts/events/payments';
import { EventBus } from '@krom/server-kit/bus';
import { createLogger } from '@krom/server-kit/logger';
import pg from 'pg';
import { type BookableRide, bookableRides } from './booking-bench.ts';
import { varDir } from './infra.ts';

/*
 * Paying by mobile money (issue 22's figures), on the running system with the local mobile money
 * gateway (no gateway credentials set):
 *
 * 1. Callback → booking confirmed. One booking at a time through the BFF, each a seat on a ride
 *    nobody booked, paid by mobile money; once payments' `payment.prompted` fact says the prompt
 *    is on the phone, it is approved on the gateway's phone page (PIN). The times are the ones
 *    the three parts wrote themselves: the gateway's `settled_at` (the approval's commit; its
 *    signed callback leaves right after, so this is when the callback was sent, a millisecond or
 *    two before the BFF had it through the web server), payments' `updated_at` when it settled
 *    the payment (after checking with the gateway), and rides' `booking_history.at` of the
 *    confirmation. Baseline, same run: a cash booking on an instant ride, one at a time through
 *    the BFF, request sent → its answer (confirmed in the booking's own transaction). Both end
 *    with the seat confirmed in rides; mobile money's path adds the callback's trip, payments'
 *    check with the gateway, its settle transaction and the NATS hop to rides.
 * 2. The journey through the BFF, `workers` passengers at once for `seconds`: book by mobile
 *    money, approve the prompt at the gateway as soon as it is there, read the booking through the
 *    BFF every 50 ms (as a waiting booking screen would) until it is confirmed; against the cash
 *    booking's journey (one request, confirmed in its answer) run the same way in the same run.
 * 3. The fault test's counts (scripts/replicas/payment-faults.test.ts writes them).
 */

type Member = { id: string; cookie: string };
type Options = {
  bffUrl: string;
  origin: string;
  /** The local mobile money gateway (its phone page's forms). */
  gatewayUrl: string;
  natsUrl: string;
  busPrefix: string;
  databases: { rides: string; payments: string; gateway: string };
  newMember: () => Promise<Member>;
  /** Bookings measured one at a time in part 1 (and cash bookings for its baseline). */
  count: number;
  workers: number;
  seconds: number;
};

export type JourneyFigures = {
  name: string;
  journeys: number;
  seconds: number;
  /** Requests made: to the BFF, and the approvals at the gateway. */
  requests: number;
  /** Sorted ms per journey. */
  times: number[];
  /** Sorted ms from the booking's answer to its prompt on the phone (mobile money only). */
  promptWaits?: number[];
};
export type PaymentBenchFigures = {
  /** Sorted ms per booking: callback sent → booking confirmed, and its two parts. */
  callbackToConfirmed: number[];
  callbackToSettled: number[];
  settledToConfirmed: number[];
  /** Sorted ms: a cash booking's request → its confirmed answer, one at a time (the baseline). */
  cashBooking: number[];
  journeys: { mobileMoney: JourneyFigures; cash: JourneyFigures };
};

const POLL_MS = 50;
/** Catches a hang only: a fact that never comes. */
const HEARD_WITHIN_MS = 60_000;

/** Facts heard on the bus by booking id: whoever asks gets one heard before or after they asked. */
class Heard<T> {
  private readonly early = new Map<string, T>();
  private readonly waiting = new Map<string, (value: T) => void>();

  hear(bookingId: string, value: T) {
    const waiter = this.waiting.get(bookingId);
    if (!waiter) return void this.early.set(bookingId, value);
    this.waiting.delete(bookingId);
    waiter(value);
  }

  next(bookingId: string, what: string): Promise<T> {
    const value = this.early.get(bookingId);
    if (value !== undefined) {
      this.early.delete(bookingId);
      return Promise.resolve(value);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(bookingId);
        reject(new Error(`${what} for booking ${bookingId} was not heard within ${HEARD_WITHIN_MS / 1000} s`));
      }, HEARD_WITHIN_MS);
      this.waiting.set(bookingId, (heard) => {
        clearTimeout(timer);
        resolve(heard);
      });
    });
  }
}

type PromptAnswer = { fact: 'prompted' | 'needs_otp' | 'failed'; payment: PaymentFact };

/** The system's own facts, heard on its bus: a payment's first answer from the gateway, and a booking confirmed. */
async function listen(options: Options) {
  const bus = await EventBus.connect({ url: options.natsUrl, prefix: options.busPrefix, name: 'payment-bench', logger: createLogger('payment-bench', 'warn') });
  const prompts = new Heard<PromptAnswer>();
  const confirmed = new Heard<true>();
  const subscriptions = await Promise.all([
    ...(['prompted', 'needs_otp', 'failed'] as const).map((fact) =>
      bus.subscribe('payment-bench', paymentEvents[fact], async ({ data }) => prompts.hear(data.bookingId, { fact, payment: data })),
    ),
    bus.subscribe('payment-bench', bookingEvents.confirmed, async ({ data }) => confirmed.hear(data.bookingId, true)),
  ]);
  return {
    prompts,
    confirmed,
    close: async () => {
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      await bus.close();
    },
  };
}

/** The passenger's side: book, and (mobile money) approve the prompt on the phone page. */
function passenger(options: Options, member: Member, prompts: Heard<PromptAnswer>) {
  let wallets = 0;
  const book = async (ride: BookableRide, paymentMethod: 'cash' | 'mobile_money') => {
    wallets += 1;
    const wallet = paymentMethod === 'mobile_money' ? { wallet: { phone: `055${String(wallets).padStart(7, '0')}`, network: 'mtn' } } : {};
    const answer = await fetch(`${options.bffUrl}/api/bookings`, {
      method: 'POST',
      headers: { cookie: member.cookie, origin: options.origin, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ rideId: ride.id, seats: 1, boardAt: 0, alightAt: ride.stops + 1, passengerName: 'Bench Payer', passengerPhone: '0245550102', paymentMethod, ...wallet }),
    });
    if (answer.status !== 201) throw new Error(`a ${paymentMethod} booking answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as { id: string; status: string };
  };
  const promptWaits: number[] = [];
  /** Waits for the prompt to reach the phone, then approves it with a PIN as the phone page's form does. */
  const approve = async (bookingId: string) => {
    const asked = performance.now();
    const { fact, payment } = await prompts.next(bookingId, 'the payment prompt');
    promptWaits.push(performance.now() - asked);
    if (fact !== 'prompted') throw new Error(`the payment of booking ${bookingId} answered ${fact}: ${payment.reason}`);
    const approved = await fetch(`${options.gatewayUrl}/prompts/${payment.paymentId}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'pin=1234',
      redirect: 'manual',
    });
    await approved.body?.cancel();
    if (approved.status !== 303) throw new Error(`approving the prompt of booking ${bookingId} answered ${approved.status}`);
    return payment.paymentId;
  };
  /** Reads the booking through the BFF until it is confirmed; the number of reads. */
  const awaitConfirmed = async (bookingId: string) => {
    for (let reads = 1; ; reads += 1) {
      const answer = await fetch(`${options.bffUrl}/api/bookings/${bookingId}`, { headers: { cookie: member.cookie } });
      if (!answer.ok) throw new Error(`reading booking ${bookingId} answered ${answer.status}`);
      const { status } = (await answer.json()) as { status: string };
      if (status === 'confirmed') return reads;
      if (status !== 'awaiting_payment') throw new Error(`booking ${bookingId} became ${status} while its payment was approved`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  return { book, approve, awaitConfirmed, promptWaits };
}

/** Milliseconds since the epoch, to the microsecond the database kept, per id. */
async function stamps(url: string, sql: string, ids: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; at: number }>(sql, [ids]);
    return new Map(rows.map(({ id, at }) => [id, Number(at)]));
  } finally {
    await client.end();
  }
}

async function callbackLatencies(options: Options, rides: BookableRide[], heard: Awaited<ReturnType<typeof listen>>) {
  const member = await options.newMember();
  const as = passenger(options, member, heard.prompts);
  const paid: { bookingId: string; paymentId: string }[] = [];
  for (const ride of rides.splice(0, options.count)) {
    const booking = await as.book(ride, 'mobile_money');
    const paymentId = await as.approve(booking.id);
    await heard.confirmed.next(booking.id, 'booking.confirmed');
    paid.push({ bookingId: booking.id, paymentId });
  }
  const paymentIds = paid.map(({ paymentId }) => paymentId);
  const sent = await stamps(options.databases.gateway, "SELECT reference AS id, extract(epoch FROM settled_at) * 1000 AS at FROM movements WHERE reference = ANY($1) AND status = 'succeeded'", paymentIds);
  const settled = await stamps(options.databases.payments, "SELECT id::text, extract(epoch FROM updated_at) * 1000 AS at FROM payments WHERE id = ANY($1::uuid[]) AND status = 'succeeded'", paymentIds);
  const confirmedAt = await stamps(
    options.databases.rides,
    "SELECT booking_id::text AS id, extract(epoch FROM at) * 1000 AS at FROM booking_history WHERE booking_id = ANY($1::uuid[]) AND to_status = 'confirmed'",
    paid.map(({ bookingId }) => bookingId),
  );
  const between = (from: Map<string, number>, fromKey: 'paymentId' | 'bookingId', to: Map<string, number>, toKey: 'paymentId' | 'bookingId') =>
    paid.map((p) => (to.get(p[toKey]) ?? Number.NaN) - (from.get(p[fromKey]) ?? Number.NaN)).sort((a, b) => a - b);
  const missing = paid.filter((p) => !sent.has(p.paymentId) || !settled.has(p.paymentId) || !confirmedAt.has(p.bookingId));
  if (missing.length > 0) throw new Error(`${missing.length} paid bookings lack a settled or confirmed time, such as ${JSON.stringify(missing[0])}`);
  return {
    callbackToConfirmed: between(sent, 'paymentId', confirmedAt, 'bookingId'),
    callbackToSettled: between(sent, 'paymentId', settled, 'paymentId'),
    settledToConfirmed: between(settled, 'paymentId', confirmedAt, 'bookingId'),
  };
}

/** The baseline of part 1: cash bookings on instant rides, one at a time, request → confirmed answer. */
async function cashConfirmations(options: Options, rides: BookableRide[], heard: Awaited<ReturnType<typeof listen>>) {
  const as = passenger(options, await options.newMember(), heard.prompts);
  const times: number[] = [];
  for (const ride of rides.splice(0, options.count)) {
    const began = performance.now();
    const booking = await as.book(ride, 'cash');
    times.push(performance.now() - began);
    if (booking.status !== 'confirmed') throw new Error(`a cash booking on an instant ride answered ${booking.status}`);
  }
  return times.sort((a, b) => a - b);
}

/** `workers` passengers at once for `seconds`, each journey a ride of `rides` (shared; it ends early when they run out). */
async function journeys(options: Options, name: string, rides: BookableRide[], journey: (ride: BookableRide) => Promise<number>): Promise<JourneyFigures> {
  const times: number[] = [];
  let requests = 0;
  const began = performance.now();
  const until = began + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.workers }, async () => {
      for (let ride = rides.shift(); ride && performance.now() < until; ride = rides.shift()) {
        const start = performance.now();
        const made = await journey(ride);
        times.push(performance.now() - start);
        requests += made;
      }
    }),
  );
  return { name, journeys: times.length, seconds: (performance.now() - began) / 1000, requests, times: times.sort((a, b) => a - b) };
}

export async function benchPayments(options: Options): Promise<PaymentBenchFigures> {
  const pool = new pg.Pool({ connectionString: options.databases.rides, max: 2 });
  const rides = await bookableRides(pool, 20_000).finally(() => pool.end());
  if (rides.length < 4 * options.count) throw new Error(`only ${rides.length} rides are left to book; seed more (BENCH_RIDES)`);
  const heard = await listen(options);
  try {
    const latencies = await callbackLatencies(options, rides, heard);
    const cashBooking = await cashConfirmations(options, rides, heard);

    // Part 2: what is left is shared between the two journeys, half each.
    const mobileMoneyRides = rides.splice(0, Math.floor(rides.length / 2));
    const mm = passenger(options, await options.newMember(), heard.prompts);
    const mobileMoney = await journeys(options, 'book + approve + read until confirmed (mobile money)', mobileMoneyRides, async (ride) => {
      const booking = await mm.book(ride, 'mobile_money');
      await mm.approve(booking.id);
      return 2 + (await mm.awaitConfirmed(booking.id));
    });
    const byCash = passenger(options, await options.newMember(), heard.prompts);
    const cash = await journeys(options, 'book, confirmed in the answer (cash)', rides, async (ride) => {
      const booking = await byCash.book(ride, 'cash');
      if (booking.status !== 'confirmed') throw new Error(`a cash booking on an instant ride answered ${booking.status}`);
      return 1;
    });
    return { ...latencies, cashBooking, journeys: { mobileMoney: { ...mobileMoney, promptWaits: mm.promptWaits.sort((a, b) => a - b) }, cash } };
  } finally {
    await heard.close();
  }
}

/** The fault test's counts as it last wrote them, or how to make them. */
export function paymentFaultCounts(): string {
  const file = join(varDir, 'bench', 'payment-faults.json');
  if (!existsSync(file)) {
    return 'payment faults: no counts yet; run `npx vitest run --project replicas scripts/replicas/payment-faults.test.ts` (about a minute) to write var/bench/payment-faults.json';
  }
  const f = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number | string>;
  return (
    `payment faults (payments SIGKILLed, then the broker, while ${f.requested} payments were made; measured ${f.measuredAt}): ` +
    `${f.made} made, ${f.lost} lost, ${f.duplicated} duplicated; ${f.gatewayCollections} collections at the gateway, ${f.ledgerCollections} in the ledger, ` +
    `${f.succeededFacts} succeeded facts (${f.factsDelivered} delivered); ledger balance ${f.ledgerBalancePesewas} pesewas`
  );
}
