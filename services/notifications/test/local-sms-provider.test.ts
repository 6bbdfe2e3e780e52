import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { readLocalOutbox } from '../src/providers/sms/local.ts';
import { twilioStyleSignature } from './fake-twilio-api.ts';
import { breakableLocalOutbox, useNotificationsService } from './notifications-test-env.ts';
import { describeSmsProvider } from './sms-provider-suite.ts';
import { StatusCallbackReceiver } from './status-callback-receiver.ts';

const callbacks = new StatusCallbackReceiver();
const callbackToken = randomBytes(24).toString('base64url');
beforeAll(() => callbacks.start());
afterAll(() => callbacks.stop());

const handle = useNotificationsService({ env: () => ({ SMS_STATUS_CALLBACK_URL: callbacks.url, LOCAL_SMS_CALLBACK_TOKEN: callbackToken }) });
const outbox = breakableLocalOutbox(handle);

describeSmsProvider(handle, {
  name: 'local',
  deliveries: async () => (await readLocalOutbox(outbox.dir())).map(({ id, to, body }) => ({ id, to, body })),
  breakDelivery: outbox.breakDelivery,
  restoreDelivery: outbox.restoreDelivery,
  callbacks,
  sign: (url, params) => twilioStyleSignature(callbackToken, url, params),
});
