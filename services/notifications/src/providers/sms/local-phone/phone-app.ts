import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHttpApp } from '@krom/server-kit/http-app';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { InvalidPhoneNumberError, toGhanaE164 } from '../../../sms/phone-number.ts';
import { readLocalOutbox } from '../local.ts';
import { LOCAL_SMS_SIGNATURE_HEADER, localSmsSignature } from '../local-inbound.ts';
import { numberPage, type PhoneMessage, startPage } from './phone-page.ts';
import { USSD_SHORT_CODE, ussdPage } from './ussd-page.ts';

/*
 * The local SMS phone: what a person would do on a basic phone, on a page of this machine. A text
 * typed here goes to Krom's inbound SMS callback (the BFF's), signed with the secret notifications
 * shares; Krom's replies are read from the local outbound provider's outbox (sms.jsonl), which is
 * where they go when no SMS provider is set, so the page shows exactly what Krom sent that number.
 * The texts typed here are kept beside it (sms-phone.jsonl). No sign-in: it binds to this machine.
 * At /ussd it is a USSD phone too: dial the short code, and each step is signed the same way and
 * sent to Krom's local USSD callback, whose answer is the next screen.
 */

export type LocalPhoneSettings = {
  /** Shared with notifications (LOCAL_SMS_PHONE_SECRET): the texts' signing key. */
  secret: string;
  /** Krom's inbound callback for the local phone (…/api/callbacks/local/sms-inbound). */
  inboundUrl: string;
  /** Krom's local USSD callback (…/api/callbacks/local/ussd); by default the inbound URL's neighbour. */
  ussdUrl?: string;
  /** The local SMS provider's outbox folder (notifications' LOCAL_OUTBOX_DIR). */
  outboxDir: string;
  /** What Krom's number is called on this phone. */
  kromNumber?: string;
  logLevel?: string;
};

type SentText = { id: string; from: string; text: string; sentAt: string; answer: string };

const MAX_TEXT = 480;

function ghanaNumber(typed: string): string | undefined {
  try {
    return toGhanaE164(typed);
  } catch (error) {
    if (error instanceof InvalidPhoneNumberError) return undefined;
    throw error;
  }
}

export function buildLocalPhone(settings: LocalPhoneSettings): FastifyInstance {
  const app = createHttpApp({ service: 'local-sms-phone', logLevel: settings.logLevel ?? 'info' });
  const sentFile = join(settings.outboxDir, 'sms-phone.jsonl');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const field = (body: unknown, name: string) => String((body as Record<string, unknown> | undefined)?.[name] ?? '');
  const html = (reply: FastifyReply, body: string, status = 200) => reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  async function sentTexts(): Promise<SentText[]> {
    const content = await readFile(sentFile, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? '' : Promise.reject(error)));
    return content
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as SentText);
  }

  async function conversationOf(phone: string): Promise<PhoneMessage[]> {
    const sent = (await sentTexts()).filter((t) => t.from === phone).map((t): PhoneMessage => ({ direction: 'sent', text: t.text, at: t.sentAt, note: t.answer }));
    const received = (await readLocalOutbox(settings.outboxDir).catch(() => [])).filter((m) => m.to === phone).map((m): PhoneMessage => ({ direction: 'received', text: m.body, at: m.sentAt }));
    return [...sent, ...received].sort((a, b) => a.at.localeCompare(b.at));
  }

  /** Texts Krom as the provider would deliver it, and keeps the text with what Krom answered. */
  async function textKrom(phone: string, text: string): Promise<void> {
    const id = randomUUID();
    const body = JSON.stringify({ id, from: phone, to: settings.kromNumber ?? 'Krom', text });
    let answer: string;
    try {
      const response = await fetch(settings.inboundUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [LOCAL_SMS_SIGNATURE_HEADER]: localSmsSignature(settings.secret, body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      answer = response.ok ? 'delivered' : `Krom answered ${response.status}`;
    } catch (error) {
      answer = `not delivered: ${(error as Error).message}`;
    }
    await mkdir(settings.outboxDir, { recursive: true });
    await appendFile(sentFile, `${JSON.stringify({ id, from: phone, text, sentAt: new Date().toISOString(), answer } satisfies SentText)}\n`);
  }

  app.get('/', async (_request, reply) => reply.redirect('/sms', 303));
  app.get('/sms', async (_request, reply) => html(reply, startPage()));
  app.post('/sms', async (request, reply) => {
    const [typed, text] = [field(request.body, 'number').trim(), field(request.body, 'text').trim()];
    const phone = ghanaNumber(typed);
    if (!phone) return html(reply, startPage({ number: typed, text, error: 'Type a Ghana mobile number, such as 024 123 4567.' }), 400);
    if (!text || text.length > MAX_TEXT) return html(reply, startPage({ number: typed, text, error: `Type a message of 1 to ${MAX_TEXT} characters.` }), 400);
    await textKrom(phone, text);
    return reply.redirect(`/sms/${phone}`, 303);
  });
  app.get<{ Params: { number: string } }>('/sms/:number', async (request, reply) => {
    const phone = ghanaNumber(request.params.number);
    if (!phone) return html(reply, startPage({ number: request.params.number, error: 'That is not a Ghana mobile number.' }), 404);
    if (phone !== request.params.number) return reply.redirect(`/sms/${phone}`, 303);
    return html(reply, numberPage(phone, await conversationOf(phone)));
  });
  app.post<{ Params: { number: string } }>('/sms/:number', async (request, reply) => {
    const phone = ghanaNumber(request.params.number);
    if (!phone) return html(reply, startPage({ number: request.params.number, error: 'That is not a Ghana mobile number.' }), 404);
    const text = field(request.body, 'text').trim();
    if (!text || text.length > MAX_TEXT) return html(reply, numberPage(phone, await conversationOf(phone), `Type a message of 1 to ${MAX_TEXT} characters.`), 400);
    await textKrom(phone, text);
    return reply.redirect(`/sms/${phone}`, 303);
  });
  const ussdUrl = settings.ussdUrl ?? settings.inboundUrl.replace(/sms-inbound$/, 'ussd');
  app.get('/ussd', async (_request, reply) => html(reply, ussdPage()));
  /** A step of the page's session, signed as the phone signs texts: Krom's answer as {text, end}. */
  app.post('/ussd/step', async (request, reply) => {
    const phone = ghanaNumber(field(request.body, 'number').trim());
    if (!phone) return reply.status(400).send({ message: 'Type a Ghana mobile number, such as 024 123 4567.' });
    const sessionId = field(request.body, 'sessionId');
    if (!/^[\w-]{1,100}$/.test(sessionId)) return reply.status(400).send({ message: 'No session.' });
    const body = JSON.stringify({ sessionId, serviceCode: USSD_SHORT_CODE, phoneNumber: phone, text: field(request.body, 'text').slice(0, 500) });
    const response = await fetch(ussdUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [LOCAL_SMS_SIGNATURE_HEADER]: localSmsSignature(settings.secret, body) },
      body,
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
    const answer = response ? await response.text() : '';
    if (!response?.ok || !/^(CON|END) /.test(answer)) return reply.status(502).send({ message: `Krom answered ${response?.status ?? 'nothing'}.` });
    return { text: answer.slice(4), end: answer.startsWith('END ') };
  });
  return app;
}
