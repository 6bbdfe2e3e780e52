import { MatchersV3, MessageConsumerPact } from '@pact-foundation/pact';
import { pactDir } from './pact.ts';

/**
 * The message pact of one service consuming another's events, as every consumer test writes it:
 * into the repository's pacts/ folder, added to what other tests of the pair wrote.
 */
export const messageConsumerPact = (consumer: string, provider: string): MessageConsumerPact =>
  new MessageConsumerPact({ consumer, provider, dir: pactDir, pactfileWriteMode: 'update', logLevel: 'warn' });

/** An ISO 8601 timestamp with a zone, as `new Date().toISOString()` writes and the envelope schema accepts. */
export const isoDateTime = (example: string) => MatchersV3.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.source, example);
