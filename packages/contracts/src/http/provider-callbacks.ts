import { z } from 'zod';

/**
 * A provider's callback as the BFF received it, passed on to the service that owns the provider:
 * the body's bytes exactly as sent (base64, since a signature covers bytes, not a parse of them),
 * the request's headers, and the public URL the provider called (Twilio signs the URL too).
 */
export const providerCallbackSchema = z.object({
  url: z.string().url().max(2048),
  headers: z.record(z.string().max(100), z.string().max(8192)),
  rawBody: z.string().max(200_000).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});
export type ProviderCallbackBody = z.infer<typeof providerCallbackSchema>;

/**
 * What the owning service did with a signed callback: `applied` it, found it a `replayed`
 * delivery it had already handled, `ignored` it (a status with no effect), or `held` it until the
 * message it names is recorded as sent (a report can overtake that record). The provider is
 * answered the same 200 whichever.
 */
export const callbackOutcomeSchema = z.object({ outcome: z.enum(['applied', 'replayed', 'ignored', 'held']) });
export type CallbackOutcome = z.infer<typeof callbackOutcomeSchema>['outcome'];

/** The largest callback body the BFF accepts; a provider's status report is a few hundred bytes. */
export const providerCallbackBodyLimit = 64 * 1024;
