import { it } from 'vitest';
import { useRidesService } from '../test/rides-test-env.ts';
import { ridesMessageProviders } from './rides-message-providers.ts';
import { verifyRidesMessages } from './verify-messages.ts';

/**
 * The rides service produces the message.reported message the admin service expects: a passenger
 * writes to a ride's driver, the driver answers and the passenger reports the answer, all through
 * the service's routes as the BFF calls them, and the event is read back from the outbox row
 * written with the report (rides-message-providers.ts).
 */
const handle = useRidesService();

it('produces the message.reported event krom-admin expects', async () => {
  await verifyRidesMessages('krom-admin', ridesMessageProviders(handle));
});
