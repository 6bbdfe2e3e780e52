import { createRequire } from 'node:module';

/**
 * Setup of the contract-consumer tests: pact-core only logs "PACT CRASHED … core methods invoked
 * out of order" when an interaction is built against a mock server already running (a request
 * builder that awaits, say), and the pact then silently lacks what came late. Here it fails the
 * test that did it instead, so a pact never records less than its test says.
 */
type PactCoreLogger = { pactCrash: (message: string, context?: string) => void };
const logger = (createRequire(import.meta.url)('@pact-foundation/pact-core/src/logger') as { default: PactCoreLogger }).default;
const logCrash = logger.pactCrash;
logger.pactCrash = (message, context) => {
  logCrash(message, context);
  throw new Error(`pact-core: ${message}`);
};
