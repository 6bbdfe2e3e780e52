import { conversationSchema, messageMessages, messageSchema } from '@krom/contracts/http/messages';
import type { Caller } from '@krom/server-kit/internal-auth';
import { describe, expect, it } from 'vitest';
import { bookingCalls } from './bookings-env.ts';
import { useRidesService } from './rides-test-env.ts';

/*
 * When a conversation takes messages (src/messages/messages.ts): one starts only about a ride
 * still to leave and not cancelled; once started, both members write until 14 days after the
 * ride's departure, whether it ran or was cancelled. The clock is the service's injected one.
 */

let now = new Date();
const handle = useRidesService({}, { clock: () => now });
const { call, member, ride } = bookingCalls(handle);
const DAY = 24 * 60 * 60 * 1000;

const write = (caller: Caller, rideId: string, body: string) => call(caller, 'POST', `/rides/${rideId}/messages`, { body });
const reply = (caller: Caller, conversationId: string, body: string) => call(caller, 'POST', `/messages/${conversationId}`, { body });

/** A ride three days ahead with a passenger's first message to its driver, at today's clock. */
async function started() {
  now = new Date();
  const trip = await ride();
  const passenger = await member({ firstName: 'Esi' });
  const first = await write(passenger, trip.rideId, 'Is the boot big enough for a bag of yams?');
  expect(first.statusCode, first.body).toBe(201);
  const { conversationId } = messageSchema.parse(first.json());
  const seen = conversationSchema.parse((await call(passenger, 'GET', `/messages/${conversationId}`)).json());
  return { ...trip, passenger, conversationId, departureAt: new Date(seen.ride.departureAt) };
}

describe('a conversation about a ride that has left', () => {
  it('cannot be started once the ride has left, but one already started goes on for 14 days', async () => {
    const { driver, passenger, rideId, conversationId, departureAt } = await started();
    now = new Date(departureAt.getTime() + 60_000);
    const late = await write(await member(), rideId, 'Are you still going?');
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(messageMessages.rideDeparted);
    expect((await write(passenger, rideId, 'I think I left my umbrella in your car')).statusCode).toBe(201);

    now = new Date(departureAt.getTime() + 14 * DAY - 60_000);
    expect((await reply(driver, conversationId, 'Found it, I will bring it on Friday')).statusCode).toBe(201);
    expect(conversationSchema.parse((await call(passenger, 'GET', `/messages/${conversationId}`)).json()).canWrite).toBe(true);

    now = new Date(departureAt.getTime() + 14 * DAY + 60_000);
    const closed = await reply(passenger, conversationId, 'Thank you!');
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(messageMessages.closed);
    expect((await write(passenger, rideId, 'Thank you!')).json().message).toBe(messageMessages.closed);
    const seen = conversationSchema.parse((await call(driver, 'GET', `/messages/${conversationId}`)).json());
    expect(seen).toMatchObject({ canWrite: false, cannotWriteReason: messageMessages.closed });
    expect(seen.messages.map((message) => message.body)).toEqual([
      'Is the boot big enough for a bag of yams?',
      'I think I left my umbrella in your car',
      'Found it, I will bring it on Friday',
    ]);
  });
});

describe('a conversation about a cancelled ride', () => {
  it('cannot be started, but one already started still takes messages', async () => {
    const { driver, passenger, rideId, conversationId } = await started();
    expect((await call(driver, 'POST', `/rides/${rideId}/cancel`)).statusCode).toBe(200);
    const refused = await write(await member(), rideId, 'Is this ride still on?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messageMessages.rideCancelled);
    expect((await reply(driver, conversationId, 'Sorry, my car broke down. I have cancelled.')).statusCode).toBe(201);
    expect((await write(passenger, rideId, 'No problem, thanks for telling me')).statusCode).toBe(201);
  });
});
