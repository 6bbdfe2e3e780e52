import { it } from 'vitest';
import { useRidesService } from '../test/rides-test-env.ts';
import { paymentsMessageProviders } from './payments-message-providers.ts';
import { verifyRidesMessages } from './verify-messages.ts';

/**
 * The rides service produces the booking facts krom-payments takes, gives back and releases money
 * on: a booking paid by mobile money, asked for, ended every way a booking ends (a seat never boarded among them), completed and
 * reported a no-show through the service's own routes, consumers and sweeps, each read back from
 * the outbox row its transition wrote (payments-message-providers.ts).
 */
const handle = useRidesService();

it('produces the booking events krom-payments expects', async () => {
  await verifyRidesMessages('krom-payments', paymentsMessageProviders(handle));
});
