import { z } from 'zod';

/** The one error body every Krom HTTP answer uses; frontends show `message` in the spec's toasts. */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
