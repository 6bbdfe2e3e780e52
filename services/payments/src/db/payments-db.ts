import type { Database } from '@krom/server-kit/db';
import type * as schema from './schema.ts';

export type PaymentsDb = Database<typeof schema>;
