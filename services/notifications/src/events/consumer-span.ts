import type { EventEnvelope } from '@krom/contracts/envelope';
import { contextFromTraceparent, SpanKind, withSpan } from '@krom/server-kit/telemetry';

/** Runs an event handler in a consumer span continuing the envelope's trace. */
export function inConsumerSpan(envelope: EventEnvelope, run: () => Promise<void>): Promise<void> {
  return withSpan(`handle ${envelope.type}`, run, {
    parent: contextFromTraceparent(envelope.traceparent),
    kind: SpanKind.CONSUMER,
    attributes: { 'messaging.system': 'nats', 'messaging.message.id': envelope.id },
  });
}
