import type { EventDefinition, EventEnvelope } from '@krom/contracts/envelope';
import {
  AckPolicy,
  type Consumer,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
  type JsMsg,
  StorageType,
  type StreamConfig,
} from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { z } from 'zod';
import { envelopeReader } from './consumer.ts';
import type { Logger } from './logger.ts';

export type EventHandler<T> = (event: EventEnvelope<T>, msg: JsMsg) => Promise<void>;

/**
 * Thrown by a handler for an event it can never handle, however often it is delivered (its data
 * breaks a rule the store enforces): the event is terminated and logged at once, not retried.
 */
export class PermanentEventError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentEventError';
  }
}

export type Subscription = { stop: () => Promise<void> };

/** The durable consumer a service's subscription to `event` reads with. */
export const consumerName = (durable: string, event: Pick<EventDefinition, 'subject'>): string => `${durable}_${event.subject.replace(/[.*>]/g, '_')}`;

/** How long the stream keeps an event unless the service is configured otherwise. */
export const DEFAULT_EVENT_RETENTION_MS = 7 * 24 * 3600 * 1000;
// Two minutes of de-duplication by Nats-Msg-Id covers any relay retry after an outage.
const DUPLICATE_WINDOW_MS = 120 * 1000;
const nanos = (ms: number) => ms * 1_000_000;

/**
 * The event bus on NATS JetStream. One stream holds every `krom.>` subject; each consuming service
 * has a durable consumer per subscription, with explicit acks, so an event survives restarts of
 * either side. With a `prefix`, subjects and the stream are namespaced (isolated test runs).
 * The stream drops events older than `retentionMs` (its max_age). A service passes its configured
 * retention and the stream is brought to it; a tool connecting without one (a test's cleanup, a
 * command-line job) leaves an existing stream's retention as it is. The replica count
 * (`replicas`: how many servers of a NATS cluster keep the stream) is handled the same way.
 */
export class EventBus {
  private constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    readonly jsm: JetStreamManager,
    readonly streamName: string,
    readonly prefix: string,
    private readonly retention: { ms: number; enforce: boolean },
    private replication: { replicas: number; enforce: boolean },
    private readonly logger: Logger,
  ) {}

  static async connect(options: {
    url: string;
    prefix?: string;
    name: string;
    logger: Logger;
    retentionMs?: number;
    replicas?: number;
  }): Promise<EventBus> {
    const prefix = options.prefix ? `${options.prefix}.` : '';
    const nc = await connect({
      servers: options.url.split(','),
      name: options.name,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
    });
    const jsm = await jetstreamManager(nc);
    const streamName = options.prefix ? `KROM_${options.prefix.toUpperCase()}` : 'KROM';
    const retention = { ms: options.retentionMs ?? DEFAULT_EVENT_RETENTION_MS, enforce: options.retentionMs !== undefined };
    const replication = { replicas: options.replicas ?? 1, enforce: options.replicas !== undefined };
    const bus = new EventBus(nc, jetstream(nc), jsm, streamName, prefix, retention, replication, options.logger);
    try {
      await bus.ensureStream();
    } catch (error) {
      await nc.close();
      throw error;
    }
    return bus;
  }

  /** How long the service's stream keeps an event: a redelivery of an older one cannot arrive. */
  get retentionMs(): number {
    return this.retention.ms;
  }

  /** How many servers keep the event stream: streams made from it (snapshots) keep as many. */
  get replicas(): number {
    return this.replication.replicas;
  }

  subjectOf(subject: string): string {
    return `${this.prefix}${subject}`;
  }

  /**
   * Creates the stream, or brings an existing one to the wanted subjects and limits: a stream
   * made before a retention limit existed (or with another one) gets the configured max_age.
   */
  private async ensureStream(): Promise<void> {
    const limits = {
      subjects: [`${this.prefix}krom.>`],
      max_age: nanos(this.retention.ms),
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      num_replicas: this.replication.replicas,
    };
    const current = (await this.streamConfig()) ?? (await this.createStream(limits));
    if (current === undefined) return;
    if (!this.retention.enforce) limits.max_age = current.max_age;
    if (!this.replication.enforce) limits.num_replicas = current.num_replicas;
    this.replication = { ...this.replication, replicas: limits.num_replicas };
    const differs =
      current.max_age !== limits.max_age ||
      current.num_replicas !== limits.num_replicas ||
      current.duplicate_window !== limits.duplicate_window ||
      current.subjects?.join(' ') !== limits.subjects.join(' ');
    if (!differs) return;
    await this.jsm.streams.update(this.streamName, limits);
    this.logger.info({ stream: this.streamName, maxAgeMs: this.retentionMs, replicas: this.replicas }, 'event stream limits updated');
  }

  /** The stream's configuration, or undefined when there is no such stream yet. */
  private async streamConfig(): Promise<StreamConfig | undefined> {
    try {
      return (await this.jsm.streams.info(this.streamName)).config;
    } catch (error) {
      if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return undefined;
      throw error;
    }
  }

  /** Adds the stream; when another process added it first, returns that one's configuration. */
  private async createStream(limits: Pick<StreamConfig, 'subjects' | 'max_age' | 'duplicate_window' | 'num_replicas'>): Promise<StreamConfig | undefined> {
    try {
      await this.jsm.streams.add({ name: this.streamName, storage: StorageType.File, ...limits });
      return undefined;
    } catch (error) {
      const raced = await this.streamConfig();
      if (raced === undefined) throw error;
      return raced;
    }
  }

  /** Publishes an envelope; the envelope id is the Nats-Msg-Id, so a repeat is de-duplicated. */
  async publish(subject: string, envelope: EventEnvelope, timeoutMs = 5000): Promise<{ duplicate: boolean }> {
    const ack = await this.js.publish(this.subjectOf(subject), JSON.stringify(envelope), {
      msgID: envelope.id,
      timeout: timeoutMs,
    });
    return { duplicate: ack.duplicate };
  }

  /**
   * Consumes one event type with a durable consumer. The handler runs one message at a time, or
   * up to `concurrency` at once for a consumer whose events are independent of each other (each
   * about its own aggregate, handled idempotently: order between them does not matter); a
   * message is acknowledged only after the handler resolves, and a failure asks for redelivery
   * after a growing delay. Payloads that do not match the contract, and events the handler says it
   * can never handle (PermanentEventError), are terminated and logged.
   */
  async subscribe<S extends z.ZodTypeAny>(
    durable: string,
    event: EventDefinition<S>,
    handler: EventHandler<z.infer<S>>,
    options: { maxDeliver?: number; concurrency?: number } = {},
  ): Promise<Subscription> {
    const subject = this.subjectOf(event.subject);
    const maxDeliver = options.maxDeliver ?? 50;
    const concurrency = Math.max(1, options.concurrency ?? 1);
    const name = consumerName(durable, event);
    await this.jsm.consumers.add(this.streamName, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: subject,
      max_deliver: maxDeliver,
      ack_wait: 30 * 1_000_000_000,
    });
    const consumer: Consumer = await this.js.consumers.get(this.streamName, name);
    const messages = await consumer.consume({ max_messages: 64 });
    const read = envelopeReader(event);
    const done = (async () => {
      const inFlight = new Set<Promise<void>>();
      for await (const msg of messages) {
        const handling: Promise<void> = this.dispatch(msg, read, handler, maxDeliver).finally(() => inFlight.delete(handling));
        inFlight.add(handling);
        if (inFlight.size >= concurrency) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
    })();
    return {
      stop: async () => {
        await messages.close();
        await done;
      },
    };
  }

  private async dispatch<S extends z.ZodTypeAny>(
    msg: JsMsg,
    read: (raw: unknown) => EventEnvelope<z.infer<S>>,
    handler: EventHandler<z.infer<S>>,
    maxDeliver: number,
  ): Promise<void> {
    let envelope: EventEnvelope<z.infer<S>>;
    try {
      envelope = read(msg.json());
    } catch (error) {
      this.logger.error({ err: error, subject: msg.subject }, 'event does not match its contract; dropped');
      msg.term();
      return;
    }
    try {
      await handler(envelope, msg);
      msg.ack();
    } catch (error) {
      const attempt = msg.info.deliveryCount;
      if (error instanceof PermanentEventError) {
        this.logger.error({ err: error, eventId: envelope.id, subject: msg.subject, attempt }, 'event cannot be handled; terminated without retrying');
        msg.term();
        return;
      }
      if (attempt >= maxDeliver) {
        // JetStream will not deliver it again: say so loudly rather than drop it in silence.
        this.logger.error({ err: error, eventId: envelope.id, subject: msg.subject, attempt }, 'event handler failed on its last delivery; event abandoned');
        msg.term();
        return;
      }
      const delay = Math.min(30_000, 250 * 2 ** attempt);
      this.logger.warn({ err: error, eventId: envelope.id, attempt }, 'event handler failed; will retry');
      msg.nak(delay);
    }
  }

  async ping(): Promise<void> {
    await this.nc.flush();
  }

  async close(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}
