import { randomUUID } from 'node:crypto';
import { CallbackRefusedError, type ProviderCallback } from '@krom/server-kit/providers';
import { eventually } from '@krom/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallbackNotice,
  type CollectRequest,
  type MobileMoneyProvider,
  MobileMoneyProviderError,
  type Movement,
  type MovementStatus,
  type Wallet,
} from '../../src/providers/mobile-money/port.ts';
import type { CallbackInbox } from './callback-inbox.ts';

/** The gateway behind a provider, as a test drives it: the customer's phone, and its own books. */
export type MobileMoneyGateway = {
  /** The customer approves the prompt for this collection (with their PIN, where the gateway asks for one). */
  approve(reference: string, pin?: string): Promise<void>;
  /** The customer declines the prompt. */
  decline(reference: string): Promise<void>;
  /** The voucher code the network texted for a collection waiting on one (Telecel); absent where no network asks. */
  otpFor?(reference: string): string;
  /** While on, every payout the gateway takes ends failed. */
  failPayouts(on: boolean): Promise<void>;
  /** While on, every refund the gateway takes ends failed (the network could not pay the wallet). */
  failRefunds(on: boolean): Promise<void>;
  /** The pesewas the gateway's own books say it moved under Krom's reference (settled movements only). */
  moved(reference: string): Promise<number>;
  /** The next request the gateway receives is taken and acted on, then its connection dropped without an answer. */
  hangUpAfterNextRequest(): void;
};

/** Callbacks made up as the gateway would send them to the test's callback URL, to check the provider's reading. */
export type CallbackForger = {
  /** Authenticated as the gateway authenticates its callbacks (a signature, or the shared secret in the URL). */
  signed(rawBody: Buffer): ProviderCallback;
  /** With no signature or secret at all. */
  unsigned(rawBody: Buffer): ProviderCallback;
  /** Authenticated with a key that is not the gateway's. */
  forged(rawBody: Buffer): ProviderCallback;
};

/** One provider wired to a gateway (a stand-in of a real one, or the local one), as the suite uses it. */
export type MobileMoneyHarness = {
  provider: MobileMoneyProvider;
  gateway: MobileMoneyGateway;
  /** Where the gateway delivers its callbacks. */
  callbacks: CallbackInbox;
  forger: CallbackForger;
  /** The same provider, set up alike but pointed at a gateway address nothing answers on. */
  unreachable(): MobileMoneyProvider;
  close(): Promise<void>;
};

const wallets: Record<'mtn' | 'telecel' | 'airteltigo', Wallet> = {
  mtn: { phone: '+233241234567', network: 'mtn' },
  telecel: { phone: '+233201234567', network: 'telecel' },
  airteltigo: { phone: '+233271234567', network: 'airteltigo' },
};

/** A fresh reference in the port's alphabet (16 to 50 of [a-z0-9-]). */
export const newReference = () => randomUUID();

const collection = (wallet: Wallet = wallets.mtn, amount = 4_500): CollectRequest => ({
  reference: newReference(),
  wallet,
  amount,
  description: 'Krom: Accra to Kumasi, 1 seat',
  customerName: 'Ama Mensah',
});

const isFinal = (status: MovementStatus) => status === 'succeeded' || status === 'failed';

/** The refusal `verifyWebhook` throws for a callback (its status code), or the notice it reads. */
const readingOf = (provider: MobileMoneyProvider, callback: ProviderCallback): number | CallbackNotice | null => {
  try {
    return provider.verifyWebhook(callback);
  } catch (error) {
    if (!(error instanceof CallbackRefusedError)) throw error;
    return error.statusCode;
  }
};

/** Whether a callback, read by the provider, is about the movement `reference` of this kind. */
const about =
  (provider: MobileMoneyProvider, kind: CallbackNotice['kind'], reference: string) =>
  (callback: ProviderCallback): boolean => {
    const notice = readingOf(provider, callback);
    return typeof notice === 'object' && notice !== null && notice.kind === kind && notice.reference === reference;
  };

/** What a status check answers for a reference the gateway never saw: a `failed` movement or a provider error, nothing rawer. */
const expectNoRecord = async (check: Promise<Movement>) => {
  const outcome = await check.then(
    (movement) => movement,
    (error: unknown) => error,
  );
  if (outcome instanceof Error) {
    expect(outcome).toBeInstanceOf(MobileMoneyProviderError);
  } else {
    expect(outcome).toMatchObject({ status: 'failed' });
  }
};

/**
 * What the payments service notices about a mobile money provider, whichever it is: a collection
 * starts pending (Telecel's first waits on its voucher code) and settles as the customer answers
 * the prompt, with a callback the provider's own check reads back to the collection; one
 * reference never moves money twice, however often it is asked; payouts and refunds settle by the
 * gateway's record; callbacks not from the gateway are refused; and a gateway that cannot be
 * reached or that drops its answer says which of the two happened (`not-sent` or `unknown`).
 */
export function describeMobileMoneyProvider(name: string, setup: () => Promise<MobileMoneyHarness>) {
  describe(`the ${name} mobile money provider`, () => {
    let harness: MobileMoneyHarness;
    beforeAll(async () => {
      harness = await setup();
    });
    afterAll(() => harness?.close());

    /** Collects and has the customer approve; resolves once the gateway's callback about it has arrived. */
    const collected = async (request = collection()) => {
      await harness.provider.collect(request);
      await harness.gateway.approve(request.reference, '1234');
      const callback = await harness.callbacks.first(about(harness.provider, 'collection', request.reference));
      return { request, callback };
    };

    const settled = (check: () => Promise<Movement>) =>
      eventually(async () => {
        const movement = await check();
        return isFinal(movement.status) ? movement : undefined;
      });

    it('is named as recorded on each payment', () => {
      expect(harness.provider.name).toBe(name);
    });

    it.each(['mtn', 'airteltigo'] as const)('starts a collection from a %s wallet pending, and its status check says so', async (network) => {
      const request = collection(wallets[network], 7_250);
      const started = await harness.provider.collect(request);
      expect(started).toMatchObject({ reference: request.reference, status: 'pending', amount: 7_250 });
      expect(await harness.provider.verifyCollection(request.reference)).toMatchObject({ reference: request.reference, status: 'pending', amount: 7_250 });
      expect(await harness.gateway.moved(request.reference)).toBe(0);
    });

    it('takes a Telecel collection through its voucher code where the gateway asks for one', async () => {
      const request = collection(wallets.telecel, 3_000);
      const started = await harness.provider.collect(request);
      const otpFor = harness.gateway.otpFor;
      if (otpFor) {
        expect(started).toMatchObject({ reference: request.reference, status: 'needs_otp' });
        expect((await harness.provider.verifyCollection(request.reference)).status).toBe('needs_otp');
        const afterCode = await harness.provider.submitOtp(request.reference, otpFor(request.reference));
        expect(afterCode.status).toBe('pending');
      } else {
        expect(started.status).toBe('pending');
      }
      await harness.gateway.approve(request.reference, '1234');
      expect(await settled(() => harness.provider.verifyCollection(request.reference))).toMatchObject({ status: 'succeeded', amount: 3_000 });
      expect(await harness.gateway.moved(request.reference)).toBe(3_000);
    });

    it('settles an approved collection as succeeded with its amount, and sends a callback its own check reads back to it', async () => {
      const { request, callback } = await collected(collection(wallets.mtn, 12_000));
      expect(callback.url).toBe(harness.callbacks.url);
      expect(harness.provider.verifyWebhook(callback)).toMatchObject({ kind: 'collection', reference: request.reference });
      const movement = await harness.provider.verifyCollection(request.reference);
      expect(movement).toMatchObject({ reference: request.reference, status: 'succeeded', amount: 12_000 });
      expect(movement.gatewayFee).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(movement.gatewayFee)).toBe(true);
      expect(await harness.gateway.moved(request.reference)).toBe(12_000);
    });

    it('settles a declined collection as failed, with nothing moved', async () => {
      const request = collection();
      await harness.provider.collect(request);
      await harness.gateway.decline(request.reference);
      expect(await settled(() => harness.provider.verifyCollection(request.reference))).toMatchObject({ reference: request.reference, status: 'failed' });
      expect(await harness.gateway.moved(request.reference)).toBe(0);
    });

    it('collects once when asked twice with one reference', async () => {
      const request = collection(wallets.mtn, 5_000);
      const first = await harness.provider.collect(request);
      const again = await harness.provider.collect(request);
      expect(again).toMatchObject({ reference: request.reference, status: first.status, amount: 5_000 });
      await harness.gateway.approve(request.reference, '1234');
      expect(await settled(() => harness.provider.verifyCollection(request.reference))).toMatchObject({ status: 'succeeded', amount: 5_000 });
      expect(await harness.provider.collect(request)).toMatchObject({ reference: request.reference, status: 'succeeded' });
      expect(await harness.gateway.moved(request.reference)).toBe(5_000);
    });

    it.each(['mtn', 'telecel', 'airteltigo'] as const)('pays out to a %s wallet: succeeded by the gateway record, once', async (network) => {
      const reference = newReference();
      const payout = { reference, wallet: wallets[network], amount: 8_800, recipientName: 'Kofi Boateng', reason: 'Krom fares, week 48' };
      const started = await harness.provider.payout(payout);
      expect(started).toMatchObject({ reference, amount: 8_800 });
      await harness.callbacks.first(about(harness.provider, 'payout', reference));
      expect(await settled(() => harness.provider.verifyPayout(reference))).toMatchObject({ reference, status: 'succeeded', amount: 8_800 });
      expect(await harness.provider.payout(payout)).toMatchObject({ reference, status: 'succeeded' });
      expect(await harness.gateway.moved(reference)).toBe(8_800);
    });

    it('reports a payout the gateway could not make as failed, and asking again with its reference pays at most once', async () => {
      const payout = { reference: newReference(), wallet: wallets.mtn, amount: 6_000, recipientName: 'Kofi Boateng', reason: 'Krom fares' };
      await harness.gateway.failPayouts(true);
      try {
        await harness.provider.payout(payout);
        expect(await settled(() => harness.provider.verifyPayout(payout.reference))).toMatchObject({ reference: payout.reference, status: 'failed' });
        expect(await harness.gateway.moved(payout.reference)).toBe(0);
      } finally {
        await harness.gateway.failPayouts(false);
      }
      await harness.provider.payout(payout);
      const after = await settled(() => harness.provider.verifyPayout(payout.reference));
      expect(await harness.gateway.moved(payout.reference)).toBe(after.status === 'succeeded' ? 6_000 : 0);

      const retry = { ...payout, reference: newReference() };
      await harness.provider.payout(retry);
      expect(await settled(() => harness.provider.verifyPayout(retry.reference))).toMatchObject({ status: 'succeeded', amount: 6_000 });
    });

    it('refunds part of a collection, then refuses more than is left of it', async () => {
      const { request } = await collected(collection(wallets.mtn, 10_000));
      const part = { reference: newReference(), collectionReference: request.reference, wallet: request.wallet, amount: 4_000, reason: 'Cancelled within 24 hours' };
      expect(await harness.provider.refund(part)).toMatchObject({ reference: part.reference, amount: 4_000 });
      expect(await settled(() => harness.provider.verifyRefund(part.reference))).toMatchObject({ reference: part.reference, status: 'succeeded', amount: 4_000 });
      expect(await harness.gateway.moved(part.reference)).toBe(4_000);

      const tooMuch = { ...part, reference: newReference(), amount: 6_001 };
      const refused = harness.provider.refund(tooMuch);
      await expect(refused).rejects.toBeInstanceOf(MobileMoneyProviderError);
      await expect(refused).rejects.toMatchObject({ retryable: false, outcome: 'not-sent' });
      expect(await harness.gateway.moved(tooMuch.reference)).toBe(0);
    });

    it('refunds a collection in full, once however often asked, and refuses more than was collected', async () => {
      const { request } = await collected(collection(wallets.airteltigo, 9_000));
      const overdone = { reference: newReference(), collectionReference: request.reference, wallet: request.wallet, amount: 9_001, reason: 'Driver cancelled' };
      await expect(harness.provider.refund(overdone)).rejects.toMatchObject({ retryable: false, outcome: 'not-sent' });

      const full = { ...overdone, reference: newReference(), amount: 9_000 };
      await harness.provider.refund(full);
      await harness.provider.refund(full);
      await harness.callbacks.first((callback) => {
        const notice = readingOf(harness.provider, callback);
        if (typeof notice !== 'object' || notice?.kind !== 'refund') return false;
        return notice.reference === full.reference || notice.collectionReference === request.reference;
      });
      expect(await settled(() => harness.provider.verifyRefund(full.reference))).toMatchObject({ reference: full.reference, status: 'succeeded', amount: 9_000 });
      expect(await harness.provider.refund(full)).toMatchObject({ reference: full.reference, status: 'succeeded' });
      expect(await harness.gateway.moved(full.reference)).toBe(9_000);
      expect(await harness.gateway.moved(overdone.reference)).toBe(0);
    });

    it('reports a refund the network could not pay as failed, with nothing moved; one under a new reference refunds it after', async () => {
      const { request } = await collected(collection(wallets.mtn, 7_000));
      const refund = { reference: newReference(), collectionReference: request.reference, wallet: request.wallet, amount: 7_000, reason: 'Driver cancelled' };
      await harness.gateway.failRefunds(true);
      try {
        await harness.provider.refund(refund);
        expect(await settled(() => harness.provider.verifyRefund(refund.reference))).toMatchObject({ reference: refund.reference, status: 'failed' });
        expect(await harness.gateway.moved(refund.reference)).toBe(0);
      } finally {
        await harness.gateway.failRefunds(false);
      }
      const again = { ...refund, reference: newReference() };
      await harness.provider.refund(again);
      expect(await settled(() => harness.provider.verifyRefund(again.reference))).toMatchObject({ reference: again.reference, status: 'succeeded', amount: 7_000 });
      expect(await harness.gateway.moved(again.reference)).toBe(7_000);
      expect(await harness.gateway.moved(refund.reference)).toBe(0);
    });

    it('reads a replayed callback the same way each time (the service keeps it from acting twice)', async () => {
      const { callback } = await collected();
      const first = harness.provider.verifyWebhook(callback);
      expect(harness.provider.verifyWebhook({ ...callback, rawBody: Buffer.from(callback.rawBody) })).toEqual(first);
    });

    it('refuses a callback unsigned (401), signed by anyone but the gateway (403) or unreadable (400)', async () => {
      const { request, callback } = await collected();
      expect(readingOf(harness.provider, harness.forger.signed(callback.rawBody))).toMatchObject({ kind: 'collection', reference: request.reference });
      expect(readingOf(harness.provider, harness.forger.unsigned(callback.rawBody))).toBe(401);
      expect(readingOf(harness.provider, harness.forger.forged(callback.rawBody))).toBe(403);
      expect(readingOf(harness.provider, harness.forger.signed(Buffer.from('{"event": "charge.succ')))).toBe(400);
    });

    it('answers a status check of a reference the gateway never saw with failed or a provider error, never a raw one', async () => {
      await expectNoRecord(harness.provider.verifyCollection(newReference()));
      await expectNoRecord(harness.provider.verifyPayout(newReference()));
      await expectNoRecord(harness.provider.verifyRefund(newReference()));
    });

    it('says nothing was sent when the gateway cannot be reached (safe to try again)', async () => {
      const down = harness.unreachable();
      const attempts = [() => down.collect(collection()), () => down.payout({ reference: newReference(), wallet: wallets.mtn, amount: 100, recipientName: 'Kofi Boateng', reason: 'Fares' })];
      for (const start of attempts) {
        const attempt = start();
        await expect(attempt).rejects.toBeInstanceOf(MobileMoneyProviderError);
        await expect(attempt).rejects.toMatchObject({ outcome: 'not-sent', retryable: true });
      }
      await expect(down.verifyCollection(newReference())).rejects.toBeInstanceOf(MobileMoneyProviderError);
    });

    it('says the outcome is unknown when the gateway hangs up after taking a collection, and asking again collects once', async () => {
      const request = collection(wallets.mtn, 2_500);
      harness.gateway.hangUpAfterNextRequest();
      const cut = harness.provider.collect(request);
      await expect(cut).rejects.toBeInstanceOf(MobileMoneyProviderError);
      await expect(cut).rejects.toMatchObject({ outcome: 'unknown', retryable: false });

      expect(await harness.provider.verifyCollection(request.reference)).toMatchObject({ status: 'pending', amount: 2_500 });
      expect(await harness.provider.collect(request)).toMatchObject({ reference: request.reference, status: 'pending' });
      await harness.gateway.approve(request.reference, '1234');
      expect(await settled(() => harness.provider.verifyCollection(request.reference))).toMatchObject({ status: 'succeeded', amount: 2_500 });
      expect(await harness.gateway.moved(request.reference)).toBe(2_500);
    });
  });
}
