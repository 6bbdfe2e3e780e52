import { z } from 'zod';

/** The answer of a call that returns nothing else (sign-out, password change, deletes, mark read). */
export const okResponseSchema = z.object({ ok: z.literal(true) });
