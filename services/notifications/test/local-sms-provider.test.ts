import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { readLocalOutbox } from '../src/sms/local-provider.ts';
import { useNotificationsService } from './notifications-test-env.ts';
import { describeSmsProvider } from './sms-provider-suite.ts';

const handle = useNotificationsService();
let broken = false;
const outboxDir = () => handle.config.LOCAL_OUTBOX_DIR;
const savedDir = () => `${outboxDir()}.saved`;

describeSmsProvider(handle, {
  name: 'local',
  deliveries: async () =>
    (await readLocalOutbox(broken ? savedDir() : outboxDir())).map(({ id, to, body }) => ({ id, to, body })),
  // A file where the outbox folder should be: every send fails, as on a full or read-only disk.
  breakDelivery: async () => {
    await mkdir(outboxDir(), { recursive: true });
    await rename(outboxDir(), savedDir());
    await writeFile(outboxDir(), 'not a folder');
    broken = true;
    return 'EEXIST: file already exists';
  },
  restoreDelivery: async () => {
    await rm(outboxDir(), { force: true });
    await rename(savedDir(), outboxDir());
    broken = false;
  },
});
