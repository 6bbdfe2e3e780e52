export { handledEvents, outbox } from '@krom/server-kit/outbox';
