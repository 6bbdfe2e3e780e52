import { existsSync } from 'node:fs';
import { buildFrontends, startSystem } from './lib/system.ts';

/**
 * `npm start`: builds the frontends if they changed, starts what is missing of PostgreSQL, NATS,
 * Redis and S3, then every service, the BFF and the web server, and prints the URL. Ctrl-C
 * stops everything it started.
 */
const log = (line: string) => console.log(`[krom] ${line}`);
// Overrides from .env (see .env.example); the environment wins over the file.
if (existsSync('.env')) process.loadEnvFile('.env');
const began = Date.now();
if (process.env.KROM_SKIP_BUILD !== '1') buildFrontends(log);
let system: Awaited<ReturnType<typeof startSystem>>;
try {
  system = await startSystem({ log });
} catch (error) {
  console.error(`[krom] ${(error as Error).message}`);
  process.exit(1);
}
log(`Krom is running at ${system.url} (ready in ${((Date.now() - began) / 1000).toFixed(1)} s). Press Ctrl-C to stop.`);
if (system.mobileMoneyPhoneUrl) log(`Mobile money phone: ${system.mobileMoneyPhoneUrl}`);
if (system.smsPhoneUrl) log(`SMS phone (text Krom from any number): ${system.smsPhoneUrl}`);
if (system.smsPhoneUrl) log(`USSD simulator (dial *713# from any number): ${system.smsPhoneUrl.replace(/\/sms$/, '/ussd')}`);
if (!process.env.ADMIN_BOOTSTRAP_USERNAME) {
  log('First time? Create a staff account: npm run admin:create -- --username NAME --password PASSWORD');
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log('Stopping…');
    await system.stop();
    process.exit(0);
  });
}
