import { CallbackRefusedError, checkUrlToken, formParams, type ProviderCallback } from '@krom/server-kit/providers';
import type { InboundSms, InboundSmsProvider } from './port.ts';

/*
 * Hubtel's two-way SMS: a number plan (short code and keyword) bought from Hubtel and a campaign
 * whose callback URL Hubtel pushes each incoming text to. Hubtel signs nothing (its Receive SMS
 * guide asks merchants to check the request comes from Hubtel and to firewall the URL), so, as
 * for payments' Hubtel callbacks, the URL it is given carries a secret `token` and knowing it is
 * what marks a callback as Hubtel's. The message's fields are read as Hubtel names them on its
 * SMS API (From, To, Content, with the legacy two-way API's Fulltext and Id/MessageId), from a
 * JSON or form-encoded body.
 */

/** The URL to give Hubtel's campaign as its callback: Krom's public inbound URL with the secret in its query. */
export function hubtelInboundUrl(base: string, secret: string): string {
  const url = new URL(base);
  url.searchParams.set('token', secret);
  return url.toString();
}

function hubtelFields(callback: ProviderCallback): Record<string, unknown> {
  const type = callback.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return formParams(callback.rawBody);
  try {
    const body: unknown = JSON.parse(callback.rawBody.toString('utf8'));
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // Answered below as unreadable.
  }
  throw new CallbackRefusedError(400, 'The message is neither JSON nor form-encoded');
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);

export function hubtelInboundSms(secret: string): InboundSmsProvider {
  return {
    name: 'hubtel',
    verifyInbound(callback): InboundSms {
      checkUrlToken(callback, secret);
      const fields = hubtelFields(callback);
      const providerMessageId = text(fields.MessageId) ?? text(fields.Id);
      const from = text(fields.From);
      const to = text(fields.To);
      const content = text(fields.Content) ?? text(fields.Fulltext);
      if (!providerMessageId || !from || !to || content === undefined) throw new CallbackRefusedError(400, 'The message names no id, sender, recipient or content');
      return { providerMessageId, from, to, text: content };
    },
  };
}
