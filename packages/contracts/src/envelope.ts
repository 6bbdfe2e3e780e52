import { z } from 'zod';

/**
 * Every domain event travels in this envelope. `id` is also the JetStream Nats-Msg-Id, so a
 * re-published event is dropped by the stream's de-duplication window.
 */
export const eventEnvelopeSchema = <T extends z.ZodTypeAny>(data: T) =>
  z.object({
    id: z.string().uuid(),
    type: z.string(),
    occurredAt: z.string().datetime({ offset: true }),
    traceparent: z.string().optional(),
    data,
  });

export type EventEnvelope<T = unknown> = {
  id: string;
  type: string;
  occurredAt: string;
  traceparent?: string | undefined;
  data: T;
};

/** An event definition: the subject it is published on and the payload's schema. */
export type EventDefinition<T extends z.ZodTypeAny = z.ZodTypeAny> = {
  subject: string;
  schema: T;
};

export const defineEvent = <T extends z.ZodTypeAny>(subject: string, schema: T): EventDefinition<T> => ({
  subject,
  schema,
});

/**
 * The version of the aggregate (the user, the signup…) an event is about, after the change it
 * reports: 1 when created, higher on every later change. A projection keeps the highest it saw.
 */
export const aggregateVersion = z.number().int().positive();

/**
 * The same, in a payload that existed before versions did: within v1 a field may only be added,
 * and events already in the stream lack it. Producers always set it.
 */
export const optionalAggregateVersion = aggregateVersion.optional();
