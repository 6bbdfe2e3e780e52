import { join } from 'node:path';
import { ConfigError } from '@krom/server-kit/config';
import { describe, expect, it } from 'vitest';
import { readNotificationsConfig, repoRoot } from './config.ts';
import { chooseEmailProvider } from './providers/email/choose.ts';
import { chooseSmsProvider } from './providers/sms/choose.ts';

const base = { INTERNAL_AUTH_SECRET: 'x'.repeat(32) };
const twilio = { TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM_NUMBER: '+15005550006' };

describe('notifications configuration', () => {
  it('runs on the documented defaults with the local SMS provider', () => {
    const config = readNotificationsConfig(base);
    expect(config).toMatchObject({
      PORT: 4003,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/krom_notifications',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'krom',
      LOCAL_OUTBOX_DIR: join(repoRoot, 'var/outbox'),
      SMS_RETRY_ATTEMPTS: 5,
      SMS_RETRY_BACKOFF_MS: 2000,
      EMAIL_RETRY_ATTEMPTS: 5,
      EMAIL_RETRY_BACKOFF_MS: 2000,
      PHONE_CODE_RESEND_SECONDS: 150,
      PHONE_CODE_HOURLY_CAP_PER_SUBJECT: 5,
      PHONE_CODE_HOURLY_CAP_PER_CLIENT: 20,
      MATCH_NOTICES_PER_DRIVER_DAILY: 3,
      MATCH_NOTICES_PER_MEMBER_DAILY: 10,
      NOTIFICATION_STREAM_HEARTBEAT_SECONDS: 25,
    });
    expect(chooseSmsProvider(config).name).toBe('local');
    expect(chooseEmailProvider(config).name).toBe('local');
  });

  it('sends e-mail over SMTP when SMTP_URL and EMAIL_FROM are set, and refuses SMTP_URL alone', () => {
    const smtp = { SMTP_URL: 'smtp://user:secret@mail.example.com:587', EMAIL_FROM: 'Krom <no-reply@krom.example>' };
    expect(chooseEmailProvider(readNotificationsConfig({ ...base, ...smtp })).name).toBe('smtp');
    expect(chooseEmailProvider(readNotificationsConfig({ ...base, SMTP_URL: '', EMAIL_FROM: '' })).name).toBe('local');
    expect(() => readNotificationsConfig({ ...base, SMTP_URL: smtp.SMTP_URL })).toThrow(/EMAIL_FROM: required when SMTP_URL is set/);
  });

  it('takes a relative outbox folder from the repository root and an absolute one as is', () => {
    expect(readNotificationsConfig({ ...base, LOCAL_OUTBOX_DIR: 'var/sms' }).LOCAL_OUTBOX_DIR).toBe(join(repoRoot, 'var/sms'));
    expect(readNotificationsConfig({ ...base, LOCAL_OUTBOX_DIR: '/tmp/sms' }).LOCAL_OUTBOX_DIR).toBe('/tmp/sms');
  });

  it('uses Twilio when all three Twilio settings are present', () => {
    expect(chooseSmsProvider(readNotificationsConfig({ ...base, ...twilio })).name).toBe('twilio');
  });

  it('treats empty Twilio settings (docker-compose passes unset ones so) as absent', () => {
    const config = readNotificationsConfig({ ...base, TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM_NUMBER: '' });
    expect(chooseSmsProvider(config).name).toBe('local');
  });

  it('refuses to start with only part of the Twilio settings, naming what is missing', () => {
    const read = () => readNotificationsConfig({ ...base, TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/TWILIO_AUTH_TOKEN: required when TWILIO_ACCOUNT_SID is set/);
    expect(read).toThrow(/TWILIO_FROM_NUMBER: required when TWILIO_ACCOUNT_SID is set/);
  });

  it.each([
    [{ SMS_RETRY_ATTEMPTS: '0' }, 'SMS_RETRY_ATTEMPTS'],
    [{ SMS_RETRY_BACKOFF_MS: 'soon' }, 'SMS_RETRY_BACKOFF_MS'],
    [{ TWILIO_FROM_NUMBER: '0241234567', TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: 't' }, 'TWILIO_FROM_NUMBER'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ REDIS_PREFIX: 'a b' }, 'REDIS_PREFIX'],
    [{ SMTP_URL: 'https://mail.example.com', EMAIL_FROM: 'a@b.c' }, 'SMTP_URL'],
    [{ EMAIL_FROM: 'nobody' }, 'EMAIL_FROM'],
    [{ PHONE_CODE_RESEND_SECONDS: '-1' }, 'PHONE_CODE_RESEND_SECONDS'],
    [{ PHONE_CODE_HOURLY_CAP_PER_SUBJECT: '0' }, 'PHONE_CODE_HOURLY_CAP_PER_SUBJECT'],
    [{ PHONE_CODE_HOURLY_CAP_PER_CLIENT: 'many' }, 'PHONE_CODE_HOURLY_CAP_PER_CLIENT'],
    [{ NOTIFICATION_STREAM_HEARTBEAT_SECONDS: '0' }, 'NOTIFICATION_STREAM_HEARTBEAT_SECONDS'],
  ])('refuses %j', (env, variable) => {
    expect(() => readNotificationsConfig({ ...base, ...env })).toThrow(new RegExp(`${variable}:`));
  });

  it("drops a trailing ':' from REDIS_PREFIX, since BullMQ adds its own", () => {
    expect(readNotificationsConfig({ ...base, REDIS_PREFIX: 'tabc123:' }).REDIS_PREFIX).toBe('tabc123');
  });
});
