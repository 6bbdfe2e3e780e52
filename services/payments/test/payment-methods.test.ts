import { randomUUID } from 'node:crypto';
import type { Caller } from '@krom/server-kit/internal-auth';
import { administratorCaller } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { usePaymentsService } from './payments-test-env.ts';

const handle = usePaymentsService();
const phoneMessage = 'Please enter a valid 10-digit Ghana phone number starting with 0';

type Method = { id: string; type: string; provider: string; number: string; isDefault: boolean; verified: boolean };

const user = (userId = randomUUID()) => ({ kind: 'user', userId }) as const;

async function call(caller: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return handle.service.app.inject({ method, url, headers: await handle.as(caller), ...(payload ? { payload } : {}) });
}

const add = (caller: Caller, body: object) => call(caller, 'POST', '/payment-methods', body);
const list = async (caller: Caller) => (await call(caller, 'GET', '/payment-methods')).json() as Method[];
const defaultOf = async (caller: Caller) => (await list(caller)).filter((m) => m.isDefault);

async function stored(userId: string) {
  const { rows } = await handle.service.db.$client.query(
    'SELECT id, network, number, is_default FROM payment_methods WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  return rows as { id: string; network: string; number: string; is_default: boolean }[];
}

describe('who may call', () => {
  it.each([
    ['GET', '/payment-methods'],
    ['POST', '/payment-methods'],
    ['PUT', `/payment-methods/${randomUUID()}`],
    ['POST', `/payment-methods/${randomUUID()}/default`],
    ['DELETE', `/payment-methods/${randomUUID()}`],
  ] as const)('%s %s refuses anonymous callers and staff with 401', async (method, url) => {
    for (const caller of [{ kind: 'public' } as const, administratorCaller()]) {
      const response = await call(caller, method, url, method === 'POST' || method === 'PUT' ? { provider: 'mtn', number: '0241234567' } : undefined);
      expect(response.statusCode).toBe(401);
    }
    const unsigned = await handle.service.app.inject({ method, url });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('adding mobile money numbers', () => {
  it('starts with none', async () => {
    expect(await list(user())).toEqual([]);
  });

  it('makes the first number the default and answers it masked, storing the full number', async () => {
    const ama = user();
    const response = await add(ama, { provider: 'mtn', number: '0241234567' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(String), type: 'mobile_money', provider: 'mtn', number: '024 *** 4567', isDefault: true, verified: false });
    expect(response.body).not.toContain('0241234567');
    expect(await stored(ama.userId)).toEqual([{ id: response.json().id, network: 'mtn', number: '0241234567', is_default: true }]);
  });

  it('keeps the default where it is for later numbers, and lists the default first, then newest', async () => {
    const kofi = user();
    const first = (await add(kofi, { provider: 'vodafone', number: '0201112222' })).json();
    const second = await add(kofi, { provider: 'airteltigo', number: '0273334444' });
    const third = await add(kofi, { provider: 'mtn', number: '0555556666', isDefault: false });
    expect(second.json()).toMatchObject({ provider: 'airteltigo', number: '027 *** 4444', isDefault: false });
    expect(third.json().isDefault).toBe(false);
    expect((await list(kofi)).map((m) => [m.number, m.isDefault])).toEqual([
      ['020 *** 2222', true],
      ['055 *** 6666', false],
      ['027 *** 4444', false],
    ]);
    expect((await defaultOf(kofi)).map((m) => m.id)).toEqual([first.id]);
  });

  it('moves the default to a new number added with isDefault: true', async () => {
    const esi = user();
    await add(esi, { provider: 'mtn', number: '0241000001' });
    const added = await add(esi, { provider: 'mtn', number: '0541000002', isDefault: true });
    expect(added.json().isDefault).toBe(true);
    expect((await defaultOf(esi)).map((m) => m.id)).toEqual([added.json().id]);
  });

  it('makes the first number the default even when asked otherwise', async () => {
    const response = await add(user(), { provider: 'mtn', number: '0241000003', isDefault: false });
    expect(response.json().isDefault).toBe(true);
  });

  it('refuses a number the user already saved with 409 and the contract message', async () => {
    const yaw = user();
    await add(yaw, { provider: 'mtn', number: '0249998888' });
    const again = await add(yaw, { provider: 'vodafone', number: ' 0249998888 ' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This number is already saved.');
    expect(await stored(yaw.userId)).toHaveLength(1);
  });

  it("lets another user save the same number (a relative's wallet)", async () => {
    await add(user(), { provider: 'mtn', number: '0247776666' });
    const response = await add(user(), { provider: 'mtn', number: '0247776666' });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    [{ provider: 'mpesa', number: '0241234567' }, 'Please choose a mobile money network'],
    [{ provider: 'MTN', number: '0241234567' }, 'Please choose a mobile money network'],
    [{ number: '0241234567' }, 'Please choose a mobile money network'],
    [{ provider: 'mtn', number: '024123456' }, phoneMessage],
    [{ provider: 'mtn', number: '+44 7700 900123' }, phoneMessage],
    [{ provider: 'mtn', number: '0141234567' }, phoneMessage],
    [{ provider: 'mtn', number: 241234567 }, phoneMessage],
    [{ provider: 'mtn' }, phoneMessage],
  ])('answers 400 for %j with its message and saves nothing', async (body, message) => {
    const abena = user();
    const response = await add(abena, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await stored(abena.userId)).toEqual([]);
  });

  it('gives exactly one default when two first numbers arrive at once', async () => {
    const kojo = user();
    const [a, b] = await Promise.all([
      add(kojo, { provider: 'mtn', number: '0241110001' }),
      add(kojo, { provider: 'vodafone', number: '0501110002' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await defaultOf(kojo)).toHaveLength(1);
  });
});

describe('the database itself', () => {
  it('holds at most one default per user', async () => {
    const userId = randomUUID();
    await add(user(userId), { provider: 'mtn', number: '0241212121' });
    await expect(
      handle.service.db.$client.query("INSERT INTO payment_methods (user_id, network, number, is_default) VALUES ($1, 'mtn', '0242323232', true)", [userId]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'payment_methods_one_default_per_user' });
  });

  it('accepts only the three networks and one number per user', async () => {
    const userId = randomUUID();
    await expect(
      handle.service.db.$client.query("INSERT INTO payment_methods (user_id, network, number) VALUES ($1, 'mpesa', '0241234567')", [userId]),
    ).rejects.toMatchObject({ code: '23514' });
    await handle.service.db.$client.query("INSERT INTO payment_methods (user_id, network, number) VALUES ($1, 'mtn', '0241234567')", [userId]);
    await expect(
      handle.service.db.$client.query("INSERT INTO payment_methods (user_id, network, number) VALUES ($1, 'vodafone', '0241234567')", [userId]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'payment_methods_user_number_key' });
  });
});

describe('editing a number', () => {
  it('changes the network and the number, answering it masked', async () => {
    const efua = user();
    const created = (await add(efua, { provider: 'mtn', number: '0241231234' })).json();
    const response = await call(efua, 'PUT', `/payment-methods/${created.id}`, { provider: 'vodafone', number: '0509876543' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: created.id, type: 'mobile_money', provider: 'vodafone', number: '050 *** 6543', isDefault: true, verified: false });
    expect(await stored(efua.userId)).toEqual([{ id: created.id, network: 'vodafone', number: '0509876543', is_default: true }]);
  });

  it('changes only what is sent', async () => {
    const efua = user();
    const created = (await add(efua, { provider: 'mtn', number: '0241231235' })).json();
    const response = await call(efua, 'PUT', `/payment-methods/${created.id}`, { provider: 'airteltigo' });
    expect(response.json()).toMatchObject({ provider: 'airteltigo', number: '024 *** 1235' });
  });

  it('accepts the number it already has, and refuses one of the user\'s other numbers with 409', async () => {
    const efua = user();
    const first = (await add(efua, { provider: 'mtn', number: '0241000010' })).json();
    const second = (await add(efua, { provider: 'mtn', number: '0241000020' })).json();
    expect((await call(efua, 'PUT', `/payment-methods/${first.id}`, { number: '0241000010' })).statusCode).toBe(200);
    const clash = await call(efua, 'PUT', `/payment-methods/${second.id}`, { number: '0241000010' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('This number is already saved.');
  });

  it.each([
    [{ provider: 'orange' }, 'Please choose a mobile money network'],
    [{ number: '12345' }, phoneMessage],
  ])('answers 400 for %j', async (body, message) => {
    const efua = user();
    const created = (await add(efua, { provider: 'mtn', number: '0241000030' })).json();
    const response = await call(efua, 'PUT', `/payment-methods/${created.id}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await stored(efua.userId))[0]).toMatchObject({ network: 'mtn', number: '0241000030' });
  });
});

describe('choosing the default', () => {
  it('moves the default to the chosen number', async () => {
    const akua = user();
    const first = (await add(akua, { provider: 'mtn', number: '0241000040' })).json();
    const second = (await add(akua, { provider: 'mtn', number: '0241000050' })).json();
    const response = await call(akua, 'POST', `/payment-methods/${second.id}/default`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: second.id, isDefault: true });
    expect((await defaultOf(akua)).map((m) => m.id)).toEqual([second.id]);
    // Choosing the default again changes nothing.
    await call(akua, 'POST', `/payment-methods/${second.id}/default`);
    expect((await defaultOf(akua)).map((m) => m.id)).toEqual([second.id]);
    expect((await list(akua)).find((m) => m.id === first.id)?.isDefault).toBe(false);
  });
});

describe('removing a number', () => {
  it('keeps the default when another number is removed', async () => {
    const kwesi = user();
    const first = (await add(kwesi, { provider: 'mtn', number: '0241000060' })).json();
    const second = (await add(kwesi, { provider: 'mtn', number: '0241000070' })).json();
    const response = await call(kwesi, 'DELETE', `/payment-methods/${second.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect((await list(kwesi)).map((m) => [m.id, m.isDefault])).toEqual([[first.id, true]]);
  });

  it('makes the newest remaining number the default when the default is removed', async () => {
    const kwesi = user();
    const oldest = (await add(kwesi, { provider: 'mtn', number: '0241000080' })).json();
    const middle = (await add(kwesi, { provider: 'vodafone', number: '0201000090' })).json();
    const newest = (await add(kwesi, { provider: 'airteltigo', number: '0261000100' })).json();
    await call(kwesi, 'POST', `/payment-methods/${middle.id}/default`);

    await call(kwesi, 'DELETE', `/payment-methods/${middle.id}`);
    expect((await defaultOf(kwesi)).map((m) => m.id)).toEqual([newest.id]);

    await call(kwesi, 'DELETE', `/payment-methods/${newest.id}`);
    expect((await defaultOf(kwesi)).map((m) => m.id)).toEqual([oldest.id]);

    await call(kwesi, 'DELETE', `/payment-methods/${oldest.id}`);
    expect(await list(kwesi)).toEqual([]);
  });

  it('answers 404 for a number already removed', async () => {
    const kwesi = user();
    const created = (await add(kwesi, { provider: 'mtn', number: '0241000110' })).json();
    expect((await call(kwesi, 'DELETE', `/payment-methods/${created.id}`)).statusCode).toBe(200);
    const again = await call(kwesi, 'DELETE', `/payment-methods/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Payment method not found');
  });
});

describe("another user's numbers", () => {
  it('are not listed', async () => {
    const owner = user();
    await add(owner, { provider: 'mtn', number: '0241000120' });
    const other = user();
    await add(other, { provider: 'vodafone', number: '0201000130' });
    expect((await list(other)).map((m) => m.number)).toEqual(['020 *** 0130']);
  });

  it.each([
    ['PUT', '', { provider: 'vodafone', number: '0201000999' }],
    ['POST', '/default', undefined],
    ['DELETE', '', undefined],
  ] as const)('cannot be changed: %s answers 404 and nothing changes', async (method, suffix, body) => {
    const owner = user();
    const first = (await add(owner, { provider: 'mtn', number: '0241000140' })).json();
    const second = (await add(owner, { provider: 'mtn', number: '0241000150' })).json();
    const before = await stored(owner.userId);
    const intruder = user();
    await add(intruder, { provider: 'mtn', number: '0241000160' });

    for (const id of [first.id, second.id]) {
      const response = await call(intruder, method, `/payment-methods/${id}${suffix}`, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Payment method not found');
    }
    expect(await stored(owner.userId)).toEqual(before);
    expect((await list(intruder)).map((m) => m.number)).toEqual(['024 *** 0160']);
  });

  it.each(['not-a-uuid', randomUUID()])('answers 404 for an id that is no one\'s (%s)', async (id) => {
    const someone = user();
    for (const [method, url] of [
      ['PUT', `/payment-methods/${id}`],
      ['POST', `/payment-methods/${id}/default`],
      ['DELETE', `/payment-methods/${id}`],
    ] as const) {
      const response = await call(someone, method, url, method === 'PUT' ? { provider: 'mtn' } : undefined);
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('a confirmed number', () => {
  const confirmDirectly = (id: string) => handle.service.db.$client.query('UPDATE payment_methods SET verified_at = now() WHERE id = $1', [id]);

  it('says so in every answer', async () => {
    const ato = user();
    const created = (await add(ato, { provider: 'mtn', number: '0241000170' })).json();
    expect(created.verified).toBe(false);
    await confirmDirectly(created.id);
    expect((await list(ato)).map((m) => m.verified)).toEqual([true]);
  });

  it.each([
    [{ number: '0241000199' }],
    [{ provider: 'vodafone' }],
  ])('is confirmed no more once %j changes, and a code texted before the change is withdrawn', async (change) => {
    const ato = user();
    const created = (await add(ato, { provider: 'mtn', number: '0241000180' })).json();
    await confirmDirectly(created.id);
    await handle.service.db.$client.query("INSERT INTO payment_method_codes (payment_method_id, code_hash, expires_at) VALUES ($1, 'x', now() + interval '10 minutes')", [created.id]);
    const edited = await call(ato, 'PUT', `/payment-methods/${created.id}`, change);
    expect(edited.json().verified).toBe(false);
    const codes = await handle.service.db.$client.query('SELECT 1 FROM payment_method_codes WHERE payment_method_id = $1', [created.id]);
    expect(codes.rows).toEqual([]);
  });

  it('stays confirmed when the edit changes nothing', async () => {
    const ato = user();
    const created = (await add(ato, { provider: 'mtn', number: '0241000190' })).json();
    await confirmDirectly(created.id);
    const edited = await call(ato, 'PUT', `/payment-methods/${created.id}`, { provider: 'mtn', number: '0241000190' });
    expect(edited.json().verified).toBe(true);
  });
});

describe('a saved number as the wallet a booking is paid from (GET /payment-methods/:id/wallet, for the BFF)', () => {
  const walletOf = (caller: Caller, id: string) => call(caller, 'GET', `/payment-methods/${id}/wallet`);

  it('answers the owner its network and full number, confirmed or not', async () => {
    const abena = user();
    const unconfirmed = (await add(abena, { provider: 'vodafone', number: '0201000210' })).json();
    const response = await walletOf(abena, unconfirmed.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: unconfirmed.id, network: 'vodafone', number: '0201000210' });

    await handle.service.db.$client.query('UPDATE payment_methods SET verified_at = now() WHERE id = $1', [unconfirmed.id]);
    expect((await walletOf(abena, unconfirmed.id)).json()).toEqual({ id: unconfirmed.id, network: 'vodafone', number: '0201000210' });
  });

  it('answers the number as it is now after an edit', async () => {
    const abena = user();
    const saved = (await add(abena, { provider: 'mtn', number: '0241000220' })).json();
    await call(abena, 'PUT', `/payment-methods/${saved.id}`, { provider: 'airteltigo', number: '0271000220' });
    expect((await walletOf(abena, saved.id)).json()).toEqual({ id: saved.id, network: 'airteltigo', number: '0271000220' });
  });

  it("refuses another member's number, one removed and an id that is no one's with 404, never showing a number", async () => {
    const owner = user();
    const saved = (await add(owner, { provider: 'mtn', number: '0241000230' })).json();
    const removed = (await add(owner, { provider: 'mtn', number: '0241000240' })).json();
    await call(owner, 'DELETE', `/payment-methods/${removed.id}`);

    for (const [caller, id] of [
      [user(), saved.id],
      [owner, removed.id],
      [owner, randomUUID()],
      [owner, 'not-a-uuid'],
    ] as const) {
      const response = await walletOf(caller, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Payment method not found');
      expect(response.body).not.toMatch(/024100023|024100024/);
    }
  });

  it('refuses anonymous callers and staff with 401', async () => {
    const owner = user();
    const saved = (await add(owner, { provider: 'mtn', number: '0241000250' })).json();
    for (const caller of [{ kind: 'public' } as const, administratorCaller()]) {
      expect((await walletOf(caller, saved.id)).statusCode).toBe(401);
    }
  });
});
