import { it } from 'vitest';
import { useRidesService } from '../test/rides-test-env.ts';
import { ridesMessageProviders } from './rides-message-providers.ts';
import { verifyRidesMessages } from './verify-messages.ts';

/**
 * The rides service produces every message the notifications service expects (ride.posted,
 * ride_request.matched, ride.changed, the booking, review, trip-share and message events): each
 * made through the service's own routes, consumers and sweeps as production makes it, and read back
 * from the outbox row written in its transaction (rides-message-providers.ts).
 */
const handle = useRidesService();

it('produces the events krom-notifications expects', async () => {
  await verifyRidesMessages('krom-notifications', ridesMessageProviders(handle));
});
