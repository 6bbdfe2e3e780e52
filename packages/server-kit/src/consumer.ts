import { type EventDefinition, type EventEnvelope, eventEnvelopeSchema } from '@krom/contracts/envelope';
import type { z } from 'zod';
import type { EventBus, Subscription } from './bus.ts';
import { type AnyDb, handleOnce, type Transaction } from './outbox.ts';
import { contextFromTraceparent, SpanKind, withSpan } from './telemetry.ts';

/*
 * The consumer kit: what every event handler of every service does around its rule. Subscribing
 * opens the consumer span (continuing the envelope's trace), the bus has parsed the envelope
 * against the event's contract, and `once` runs the rule in the transaction that records the
 * event as handled. A handler file keeps only its rule.
 */

/** A consumer's rule for one event, given the parsed envelope. */
export type EventRule<T> = (envelope: EventEnvelope<T>) => Promise<void>;

/**
 * Reads a raw envelope of `event` as a consumer understands it: the envelope and its payload
 * checked against the contract. What the bus does to each delivery, and what a message pact checks.
 */
export function envelopeReader<S extends z.ZodTypeAny>(event: EventDefinition<S>): (raw: unknown) => EventEnvelope<z.infer<S>> {
  const schema = eventEnvelopeSchema(event.schema);
  return (raw) => schema.parse(raw) as EventEnvelope<z.infer<S>>;
}

/** Runs `run` in a consumer span continuing the envelope's trace. */
export function inConsumerSpan<T>(envelope: EventEnvelope, run: () => Promise<T>): Promise<T> {
  return withSpan(`handle ${envelope.type}`, run, {
    parent: contextFromTraceparent(envelope.traceparent),
    kind: SpanKind.CONSUMER,
    attributes: { 'messaging.system': 'nats', 'messaging.message.id': envelope.id },
  });
}

/**
 * Subscribes `rule` to `event` with the service's durable consumer: each delivery, parsed against
 * the contract, runs in its consumer span; it is acknowledged once the rule resolves (bus.ts).
 */
export function consume<S extends z.ZodTypeAny>(
  bus: EventBus,
  durable: string,
  event: EventDefinition<S>,
  rule: EventRule<z.infer<S>>,
  options?: { maxDeliver?: number; concurrency?: number },
): Promise<Subscription> {
  return bus.subscribe(durable, event, (envelope) => inConsumerSpan(envelope, () => rule(envelope)), options);
}

/** What `once` runs: the rule in the transaction, and what follows its commit. */
export type OnceOnly<T, R> = {
  /**
   * The id the event is handled once under: the envelope's id unless the same fact can arrive
   * under two event ids (a match told again), then an id derived from the fact (derivedEventId).
   */
  key?: (envelope: EventEnvelope<T>) => string;
  /** The rule, in the transaction that records the key as handled. Not run for a key handled before. */
  inTransaction: (tx: Transaction, envelope: EventEnvelope<T>) => Promise<R>;
  /**
   * After the commit, on every delivery: `result` is the rule's answer the first time, undefined
   * when the key had been handled before (a redelivery, which may follow a run that stopped
   * between its commit and this step, so this step must be safe to repeat).
   */
  afterCommit?: (envelope: EventEnvelope<T>, result: { first: true; value: R } | { first: false }) => Promise<void>;
};

/**
 * The once-only guard: the event's key is claimed in handled_events in the same transaction as
 * the rule's effects, so a redelivered event (or a concurrent duplicate) changes nothing.
 */
export function once<T, R = void>(db: AnyDb, handler: OnceOnly<T, R>): EventRule<T> {
  return async (envelope) => {
    const key = handler.key?.(envelope) ?? envelope.id;
    let value: R | undefined;
    const first = await handleOnce(db, { ...envelope, id: key }, async (tx) => {
      value = await handler.inTransaction(tx, envelope);
    });
    await handler.afterCommit?.(envelope, first ? { first: true, value: value as R } : { first: false });
  };
}
