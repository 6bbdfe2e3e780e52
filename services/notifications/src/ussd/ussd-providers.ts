import { CallbackRefusedError, checkUrlToken, formParams, type ProviderCallback, sameSecret } from '@krom/server-kit/providers';
import { z } from 'zod';
import { LOCAL_SMS_SIGNATURE_HEADER, localSmsSignature } from '../providers/sms/local-inbound.ts';

/*
 * The USSD gateways' callback shapes, read into one provider-neutral step and written back.
 *
 * Built against:
 * - Africa's Talking USSD: a form post (application/x-www-form-urlencoded) of sessionId,
 *   serviceCode, phoneNumber, networkCode and text, every input of the session so far joined by
 *   `*` ("" when the code is dialled); the answer is text/plain starting `CON ` (the menu waits for
 *   input) or `END ` (the session ends).
 * - Hubtel programmable services (USSD): a JSON post with Type (Initiation, Response, Release,
 *   Timeout), Mobile (233…), SessionId, ServiceCode, Message (the input; the dialled code on
 *   Initiation), Operator and Sequence; the answer is JSON {SessionId, Type: 'response' | 'release',
 *   Message, Label, DataType, FieldType}.
 */

/** One step of a session as the menu sees it: `inputs` are every input of the session so far, in order. */
export type UssdStep = {
  provider: 'africastalking' | 'hubtel' | 'local';
  sessionId: string;
  phone: string;
  serviceCode: string;
  /** Every input since the code was dialled; empty on the first step. */
  inputs: string[];
  /** Hubtel ends a session itself (Release, Timeout): nothing to answer but the end. */
  ended: boolean;
};

/** What the menu shows: `end` closes the session. */
export type UssdScreen = { text: string; end: boolean };

const africasTalkingBody = z.object({
  sessionId: z.string().min(1).max(100),
  serviceCode: z.string().min(1).max(40),
  phoneNumber: z.string().min(4).max(20),
  networkCode: z.string().max(20).optional(),
  text: z.string().max(500).default(''),
});

/** Africa's Talking's form fields as a step, or undefined when the body is not theirs. */
export function readAfricasTalking(body: unknown): UssdStep | undefined {
  const parsed = africasTalkingBody.safeParse(body);
  if (!parsed.success) return undefined;
  const { sessionId, serviceCode, phoneNumber, text } = parsed.data;
  return { provider: 'africastalking', sessionId, phone: phoneNumber, serviceCode, inputs: text === '' ? [] : text.split('*'), ended: false };
}

/** Africa's Talking's text/plain answer. */
export const africasTalkingAnswer = (screen: UssdScreen) => `${screen.end ? 'END' : 'CON'} ${screen.text}`;

const hubtelBody = z.object({
  Type: z.string().transform((type) => type.toLowerCase()).pipe(z.enum(['initiation', 'response', 'release', 'timeout'])),
  Mobile: z.string().min(4).max(20),
  SessionId: z.string().min(1).max(100),
  ServiceCode: z.string().min(1).max(40),
  Message: z.string().max(200).default(''),
  Operator: z.string().max(40).optional(),
  Sequence: z.coerce.number().int().optional(),
});

/**
 * Hubtel's JSON as a step, or undefined when the body is not theirs. Hubtel sends only the latest
 * input, so `previous` (the inputs the session holds) is what came before it; Sequence (1 on
 * Initiation) places the input, so a retried step replaces rather than adds.
 */
export function readHubtel(body: unknown, previous: string[]): UssdStep | undefined {
  const parsed = hubtelBody.safeParse(body);
  if (!parsed.success) return undefined;
  const { Type, Mobile, SessionId, ServiceCode, Message, Sequence } = parsed.data;
  const before = Sequence && Sequence >= 2 ? previous.slice(0, Sequence - 2) : previous;
  const inputs = Type === 'initiation' ? [] : Type === 'response' ? [...before, Message.trim()] : previous;
  return { provider: 'hubtel', sessionId: SessionId, phone: Mobile, serviceCode: ServiceCode, inputs, ended: Type === 'release' || Type === 'timeout' };
}

/** Hubtel's JSON answer. */
export function hubtelAnswer(sessionId: string, screen: UssdScreen) {
  return { SessionId: sessionId, Type: screen.end ? 'release' : 'response', Message: screen.text, Label: 'Krom', DataType: screen.end ? 'display' : 'input', FieldType: 'text' };
}

/** The local USSD simulator's step, signed as the local SMS phone signs its texts: Africa's Talking's fields, as JSON. */
export const localUssdBody = africasTalkingBody;

export type UssdGateway = {
  /** Checks the callback (401/403 as the SMS callbacks) and reads it; `previous` is the session's inputs so far (Hubtel sends one at a time). */
  read(callback: ProviderCallback, previous: (sessionId: string) => Promise<string[]>): Promise<UssdStep>;
  answer(step: UssdStep, screen: UssdScreen): { contentType: string; body: string };
};

const unreadable = () => new CallbackRefusedError(400, 'The USSD step names no session, number, service code or input');
const textAnswer = (_step: UssdStep, screen: UssdScreen) => ({ contentType: 'text/plain; charset=utf-8', body: africasTalkingAnswer(screen) });

function jsonOf(callback: ProviderCallback): unknown {
  try {
    return JSON.parse(callback.rawBody.toString('utf8'));
  } catch {
    throw new CallbackRefusedError(400, 'The USSD step is not JSON');
  }
}

export function africasTalkingUssd(token: string): UssdGateway {
  return {
    async read(callback) {
      checkUrlToken(callback, token);
      const step = readAfricasTalking(formParams(callback.rawBody));
      if (!step) throw unreadable();
      return step;
    },
    answer: textAnswer,
  };
}

export function hubtelUssd(token: string): UssdGateway {
  return {
    async read(callback, previous) {
      checkUrlToken(callback, token);
      const body = jsonOf(callback);
      const sessionId = body && typeof body === 'object' && 'SessionId' in body ? String(body.SessionId) : '';
      const step = readHubtel(body, sessionId ? await previous(sessionId) : []);
      if (!step) throw unreadable();
      return step;
    },
    answer: (step, screen) => ({ contentType: 'application/json; charset=utf-8', body: JSON.stringify(hubtelAnswer(step.sessionId, screen)) }),
  };
}

export function localUssd(secret: string): UssdGateway {
  return {
    async read(callback) {
      const signature = callback.headers[LOCAL_SMS_SIGNATURE_HEADER];
      if (!signature) throw new CallbackRefusedError(401, 'The USSD step is not signed');
      if (!sameSecret(signature, localSmsSignature(secret, callback.rawBody))) throw new CallbackRefusedError(403, 'The USSD step signature does not match');
      const step = readAfricasTalking(jsonOf(callback));
      if (!step) throw unreadable();
      return { ...step, provider: 'local' };
    },
    answer: textAnswer,
  };
}
