import type { NotificationsConfig } from '../../config.ts';
import type { EmailProvider } from './port.ts';
import { localEmailProvider } from './local.ts';
import { smtpEmailProvider } from './smtp.ts';

/** SMTP when SMTP_URL is set (config then requires EMAIL_FROM), the local outbox otherwise. */
export function chooseEmailProvider(config: NotificationsConfig): EmailProvider {
  if (config.SMTP_URL && config.EMAIL_FROM) return smtpEmailProvider({ url: config.SMTP_URL, from: config.EMAIL_FROM });
  return localEmailProvider(config.LOCAL_OUTBOX_DIR, { leaseMs: config.MESSAGE_CLAIM_LEASE_SECONDS * 1000 });
}
