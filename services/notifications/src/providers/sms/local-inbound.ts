import { createHmac } from 'node:crypto';
import { CallbackRefusedError, sameSecret } from '@krom/server-kit/providers';
import { z } from 'zod';
import type { InboundSms, InboundSmsProvider } from './port.ts';

/*
 * The local SMS phone (local-phone/, its own process) posts each text a developer types as JSON
 * {id, from, to, text}, signed as the local mobile money gateway signs its callbacks: HMAC-SHA256
 * of the body's exact bytes, hex, keyed with the secret both share.
 */
export const LOCAL_SMS_SIGNATURE_HEADER = 'x-local-sms-signature';

export const localSmsSignature = (secret: string, rawBody: Buffer | string): string => createHmac('sha256', secret).update(rawBody).digest('hex');

/** The local phone's body (also what the phone sends). */
export const localInboundBody = z.object({ id: z.string().min(1).max(100), from: z.string().min(1).max(32), to: z.string().min(1).max(32), text: z.string().max(1600) });

export function localInboundSms(secret: string): InboundSmsProvider {
  return {
    name: 'local',
    verifyInbound(callback): InboundSms {
      const signature = callback.headers[LOCAL_SMS_SIGNATURE_HEADER];
      if (!signature) throw new CallbackRefusedError(401, 'The message is not signed');
      if (!sameSecret(signature, localSmsSignature(secret, callback.rawBody))) throw new CallbackRefusedError(403, 'The message signature does not match');
      let body: unknown;
      try {
        body = JSON.parse(callback.rawBody.toString('utf8'));
      } catch {
        throw new CallbackRefusedError(400, 'The message is not JSON');
      }
      const parsed = localInboundBody.safeParse(body);
      if (!parsed.success) throw new CallbackRefusedError(400, 'The message names no id, sender, recipient or text');
      return { providerMessageId: parsed.data.id, from: parsed.data.from, to: parsed.data.to, text: parsed.data.text };
    },
  };
}
