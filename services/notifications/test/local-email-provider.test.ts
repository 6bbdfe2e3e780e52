import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { readLocalEmailOutbox } from '../src/email/local-email-provider.ts';
import { describeEmailProvider } from './email-provider-suite.ts';
import { useNotificationsService } from './notifications-test-env.ts';

const handle = useNotificationsService();
let broken = false;
const outboxDir = () => handle.config.LOCAL_OUTBOX_DIR;
const savedDir = () => `${outboxDir()}.saved`;

describeEmailProvider(handle, {
  name: 'local',
  deliveries: async () => (await readLocalEmailOutbox(broken ? savedDir() : outboxDir())).map(({ id, to, subject, text }) => ({ id, to, subject, text })),
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
