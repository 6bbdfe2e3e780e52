import { type RideChanged, rideChanged } from '@krom/contracts/events/rides';
import { type EventEnvelope, eventEnvelopeSchema } from '@krom/contracts/envelope';
import { handleOnce } from '@krom/server-kit/outbox';
import { currentTraceparent } from '@krom/server-kit/telemetry';
import type { EmailSender } from '../../email/queue-email.ts';
import { rideChangeNoticeAllowed } from '../../notifications/match-notice-bounds.ts';
import { rideChangeEmail, rideChangeIsNews, rideChangeNotice, rideChangeSmsText } from '../../notifications/ride-change-notices.ts';
import { queuePendingNews, type RecordedNews, recordedNews, recordPassengerNews } from '../../notifications/tell-passenger.ts';
import type { SmsSender } from '../../sms/queue-sms.ts';
import { inConsumerSpan } from '../consumer-span.ts';
import { derivedEventId } from '../derived-event-id.ts';

const rideChangedEnvelope = eventEnvelopeSchema(rideChanged.schema);

/** Reads a raw ride.changed envelope as this service understands it (also what its message pact checks). */
export function readRideChanged(raw: unknown): EventEnvelope<RideChanged> {
  return rideChangedEnvelope.parse(raw);
}

// Fixed namespace of the change keys (a UUID v5 namespace; this one must not change).
const CHANGE_NAMESPACE = Buffer.from('9b6e2c4a1d3f4e5a8b7c6d5e4f3a2b1c', 'hex');

/** The id a change of a ride (its version) is handled under, whatever event id it came with. */
export const rideChangeKey = (change: Pick<RideChanged, 'rideId' | 'version'>) => derivedEventId(CHANGE_NAMESPACE, `${change.rideId}:${change.version}`);

/** The id one passenger's notice, SMS and e-mail of a change are recorded under. */
export const rideChangePassengerKey = (change: Pick<RideChanged, 'rideId' | 'version'>, passengerId: string) =>
  derivedEventId(CHANGE_NAMESPACE, `${change.rideId}:${change.version}:${passengerId}`);

/**
 * krom.rides.ride.changed.v1 → each passenger the event names (told of the ride, and the change
 * matters to them) gets an in-app notice and, as their request asks, an SMS and an e-mail, saying
 * what changed and whether the ride still matches their request; all in one transaction, once
 * per change of the ride (handleOnce under the ride and version, so the same change under a new
 * event id tells nobody again), messages queued after commit. A deleted account gets nothing, an
 * account never heard of the notice only (tell-passenger.ts). A change with nothing to say
 * (rideChangeIsNews) tells nobody, and a passenger already told of the ride's changes
 * RIDE_CHANGE_NOTICES_PER_RIDE_DAILY times today hears no more of them but its cancellation.
 */
export function handleRideChanged(sms: SmsSender, email: EmailSender): (envelope: EventEnvelope<RideChanged>) => Promise<void> {
  return (envelope) =>
    inConsumerSpan(envelope, async () => {
      const change = envelope.data;
      // Acked and told to nobody: a notice with no clause would read "The ride … now ."
      const passengers = rideChangeIsNews(change) ? change.passengers : [];
      const cancelled = change.current.status !== 'active';
      const keys = passengers.map((passenger) => rideChangePassengerKey(change, passenger.passengerId));
      let recorded: RecordedNews[] = [];
      const firstTime = await handleOnce(sms.db, { ...envelope, id: rideChangeKey(change) }, async (tx) => {
        recorded = [];
        for (const [index, passenger] of passengers.entries()) {
          recorded.push(
            await recordPassengerNews(tx, sms, email, {
              passengerId: passenger.passengerId,
              key: keys[index]!,
              notice: rideChangeNotice(change, passenger),
              smsText: rideChangeSmsText(change, passenger),
              email: rideChangeEmail(change, passenger),
              notifyBySMS: passenger.notifyBySMS,
              notifyByEmail: passenger.notifyByEmail,
              // A cancellation is told once per ride, and is news even after a day of edits.
              allowed: cancelled ? undefined : (bounded) => rideChangeNoticeAllowed(bounded, { passengerId: passenger.passengerId, rideId: change.rideId }),
            }),
          );
        }
      });
      if (!firstTime) recorded = await Promise.all(keys.map((key) => recordedNews(sms, email, key)));
      const traceparent = currentTraceparent() ?? envelope.traceparent;
      for (const news of recorded) await queuePendingNews(sms, email, news, traceparent);
    });
}
