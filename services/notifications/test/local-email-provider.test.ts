import { readLocalEmailOutbox } from '../src/providers/email/local.ts';
import { describeEmailProvider } from './email-provider-suite.ts';
import { breakableLocalOutbox, useNotificationsService } from './notifications-test-env.ts';

const handle = useNotificationsService();
const outbox = breakableLocalOutbox(handle);

describeEmailProvider(handle, {
  name: 'local',
  deliveries: async () => (await readLocalEmailOutbox(outbox.dir())).map(({ id, to, subject, text }) => ({ id, to, subject, text })),
  breakDelivery: outbox.breakDelivery,
  restoreDelivery: outbox.restoreDelivery,
});
