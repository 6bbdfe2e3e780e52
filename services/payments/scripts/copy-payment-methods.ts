import { pathToFileURL } from 'node:url';
import { createDatabase, migrateDatabase } from '@krom/server-kit/db';
import { z } from 'zod';
import type { PaymentsDb } from '../src/db/payments-db.ts';
import * as schema from '../src/db/schema.ts';
import { migrationsFolder } from '../src/open-payments.ts';

/**
 * One-off: copies members' saved mobile money numbers from the rides service's old
 * `payment_methods` table into this service's, keeping their ids (so nothing that names one
 * changes), networks, numbers, defaults and creation times. Run it as often as you like: a row
 * already here (same id, or the same number the member saved here since) is left as it is, and a
 * copied default stays the default only while the member has none here yet, so each member keeps
 * at most one. `verified_at` stays null: rides never confirmed a number, so every copied number
 * must be confirmed by its code before it can receive payouts. README: "Copying the numbers from
 * rides".
 */

const ridesRow = z.object({
  id: z.string().uuid(),
  user_id: z.string().uuid(),
  provider: z.enum(['mtn', 'vodafone', 'airteltigo']),
  number: z.string(),
  is_default: z.boolean(),
  created_at: z.date(),
});

const BATCH = 500;

export type CopyResult = { read: number; copied: number };

/** A connection to rides' database (its pool): only read from. */
type RidesReader = { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };

export async function copyPaymentMethods(rides: RidesReader, payments: PaymentsDb): Promise<CopyResult> {
  const result: CopyResult = { read: 0, copied: 0 };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await rides.query(
      `SELECT id, user_id, provider, number, is_default, created_at FROM payment_methods WHERE id > $1 ORDER BY id LIMIT ${BATCH}`,
      [after],
    );
    if (rows.length === 0) return result;
    const batch = rows.map((row) => ridesRow.parse(row));
    result.read += batch.length;
    after = batch.at(-1)!.id;
    // The defaults first, and each only while its member has no default here: one statement sees
    // the table as it was before it, and rides held one default per member, so none meets another.
    const copied = await payments.$client.query(
      `INSERT INTO payment_methods (id, user_id, type, network, number, is_default, verified_at, created_at, updated_at)
       SELECT r.id, r.user_id, 'mobile_money', r.provider, r.number,
              r.is_default AND NOT EXISTS (SELECT 1 FROM payment_methods d WHERE d.user_id = r.user_id AND d.is_default),
              NULL, r.created_at, r.created_at
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, user_id uuid, provider text, number text, is_default boolean, created_at timestamptz)
       ORDER BY r.is_default DESC
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(batch)],
    );
    result.copied += copied.rowCount ?? 0;
  }
}

/** `RIDES_DATABASE_URL=… DATABASE_URL=… npx tsx services/payments/scripts/copy-payment-methods.ts` */
async function main() {
  const env = z.object({ RIDES_DATABASE_URL: z.string().url(), DATABASE_URL: z.string().url() }).parse(process.env);
  const rides = createDatabase(env.RIDES_DATABASE_URL, {}, 1);
  const payments = createDatabase(env.DATABASE_URL, schema, 2);
  try {
    // The table must be there; the service migrates at start, and this finds nothing left to do then.
    await migrateDatabase(payments, migrationsFolder);
    const { read, copied } = await copyPaymentMethods(rides.$client, payments);
    console.log(`Read ${read} saved numbers from rides; copied ${copied}, ${read - copied} were here already.`);
  } finally {
    await rides.$client.end();
    await payments.$client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
