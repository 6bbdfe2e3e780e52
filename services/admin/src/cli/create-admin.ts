import { parseArgs } from 'node:util';
import { createAdminRequestSchema } from '@krom/contracts/http/admin';
import { staffRoles } from '@krom/contracts/http/staff-roles-values';
import { HttpError } from '@krom/server-kit/errors';
import { createDatabase, ensureDatabase, migrateDatabase } from '@krom/server-kit/db';
import { createAdmin } from '../admins/admin-accounts.ts';
import * as schema from '../db/schema.ts';
import { migrationsFolder } from '../open-admin.ts';

/**
 * Creates an admin directly in the admin database: the way in on a fresh install, before any
 * admin can sign in to create others. Usage: npm run admin:create -- --username NAME --password PASS
 */
const { values } = parseArgs({ options: { username: { type: 'string' }, password: { type: 'string' } } });
// The way in on a fresh install: the account has every role (an administrator gives narrower ones).
const parsed = createAdminRequestSchema.safeParse({ username: values.username, password: values.password ?? process.env.ADMIN_PASSWORD, roles: [...staffRoles] });
if (!parsed.success) {
  console.error(`Usage: npm run admin:create -- --username NAME --password PASS\n${parsed.error.issues.map((i) => i.message).join('\n')}`);
  process.exit(2);
}
// `npm run admin:create` at the root resolves the running system's database into DATABASE_URL.
const databaseUrl = process.env.ADMIN_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/krom_admin';
await ensureDatabase(databaseUrl);
const db = createDatabase(databaseUrl, schema, 1);
try {
  await migrateDatabase(db, migrationsFolder);
  const admin = await createAdmin(db, parsed.data);
  console.log(`Created admin "${admin.username}" (${admin.id}).`);
} catch (error) {
  console.error(error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.$client.end();
}
