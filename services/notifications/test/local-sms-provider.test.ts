import { readLocalOutbox } from '../src/providers/sms/local.ts';
import { breakableLocalOutbox, useNotificationsService } from './notifications-test-env.ts';
import { describeSmsProvider } from './sms-provider-suite.ts';

const handle = useNotificationsService();
const outbox = breakableLocalOutbox(handle);

describeSmsProvider(handle, {
  name: 'local',
  deliveries: async () => (await readLocalOutbox(outbox.dir())).map(({ id, to, body }) => ({ id, to, body })),
  breakDelivery: outbox.breakDelivery,
  restoreDelivery: outbox.restoreDelivery,
});
