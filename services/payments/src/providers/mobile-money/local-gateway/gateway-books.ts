import type pg from 'pg';

/*
 * The local gateway's books in its own PostgreSQL database: one row per movement under Krom's
 * reference (the primary key, so asking twice finds the first), settled by conditional updates so
 * a double click or a replayed request changes nothing twice.
 */

export type MovementKind = 'collection' | 'payout' | 'refund';
export type GatewayStatus = 'needs_otp' | 'pending' | 'succeeded' | 'failed';

export type GatewayMovement = {
  reference: string;
  seq: number;
  kind: MovementKind;
  phone: string;
  network: 'mtn' | 'telecel' | 'airteltigo';
  amount: number;
  description: string;
  counterpart: string;
  collectionReference: string | null;
  status: GatewayStatus;
  voucherCode: string | null;
  message: string | null;
  createdAt: Date;
  settledAt: Date | null;
};

export type NewMovement = Pick<GatewayMovement, 'reference' | 'kind' | 'phone' | 'network' | 'amount' | 'description' | 'counterpart'> &
  Partial<Pick<GatewayMovement, 'collectionReference' | 'voucherCode' | 'message'>> & { status: GatewayStatus };

/** A request the books refuse as asked (the gateway answers it with `status`). */
export class GatewayRefusal extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

const COLUMNS = `reference, seq::int AS seq, kind, phone, network, amount, description, counterpart,
  collection_reference AS "collectionReference", status, voucher_code AS "voucherCode", message,
  created_at AS "createdAt", settled_at AS "settledAt"`;

export const FAIL_PAYOUTS = 'fail_payouts';
export const FAIL_REFUNDS = 'fail_refunds';

/** The gateway's switches, as the phone page shows and flips them: while one is on, every payout (or refund) it takes ends failed. */
export type GatewaySwitches = { failPayouts: boolean; failRefunds: boolean };

export class GatewayBooks {
  constructor(private readonly pool: pg.Pool) {}

  async find(kind: MovementKind, reference: string, on: Queryable = this.pool): Promise<GatewayMovement | undefined> {
    const { rows } = await on.query<GatewayMovement>(`SELECT ${COLUMNS} FROM movements WHERE reference = $1 AND kind = $2`, [reference, kind]);
    return rows[0];
  }

  /**
   * Writes a movement once: a second request with its reference gets the first back, unless it
   * asks for something else under it (another amount, wallet or kind), which is refused.
   */
  async record(movement: NewMovement, on: Queryable = this.pool): Promise<{ movement: GatewayMovement; created: boolean }> {
    const { rows } = await on.query<GatewayMovement>(
      `INSERT INTO movements (reference, kind, phone, network, amount, description, counterpart, collection_reference, status, voucher_code, message, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, CASE WHEN $9 IN ('succeeded', 'failed') THEN now() END)
       ON CONFLICT (reference) DO NOTHING RETURNING ${COLUMNS}`,
      [
        movement.reference,
        movement.kind,
        movement.phone,
        movement.network,
        movement.amount,
        movement.description,
        movement.counterpart,
        movement.collectionReference ?? null,
        movement.status,
        movement.voucherCode ?? null,
        movement.message ?? null,
      ],
    );
    if (rows[0]) return { movement: rows[0], created: true };
    const { rows: existing } = await on.query<GatewayMovement>(`SELECT ${COLUMNS} FROM movements WHERE reference = $1`, [movement.reference]);
    const first = existing[0]!;
    if (first.kind !== movement.kind || first.amount !== movement.amount || first.phone !== movement.phone) {
      throw new GatewayRefusal(409, `Reference ${movement.reference} is already used for another ${first.kind}`);
    }
    return { movement: first, created: false };
  }

  /** The voucher code typed for a Telecel collection: the right one moves it on to the PIN prompt. */
  async enterVoucher(reference: string, code: string): Promise<GatewayMovement | undefined> {
    const { rows } = await this.pool.query<GatewayMovement>(
      `UPDATE movements SET status = 'pending', message = NULL
       WHERE reference = $1 AND kind = 'collection' AND status = 'needs_otp' AND voucher_code = $2 RETURNING ${COLUMNS}`,
      [reference, code],
    );
    return rows[0] ?? (await this.find('collection', reference));
  }

  /** Settles a collection waiting on the customer; undefined when it was not waiting (settled already, or still on its voucher). */
  async answerPrompt(reference: string, answer: 'approve' | 'decline'): Promise<GatewayMovement | undefined> {
    const { rows } =
      answer === 'approve'
        ? await this.pool.query<GatewayMovement>(
            `UPDATE movements SET status = 'succeeded', message = NULL, settled_at = now()
             WHERE reference = $1 AND kind = 'collection' AND status = 'pending' RETURNING ${COLUMNS}`,
            [reference],
          )
        : await this.pool.query<GatewayMovement>(
            `UPDATE movements SET status = 'failed', message = 'The customer declined the payment', settled_at = now()
             WHERE reference = $1 AND kind = 'collection' AND status IN ('pending', 'needs_otp') RETURNING ${COLUMNS}`,
            [reference],
          );
    return rows[0];
  }

  /**
   * A payout settles as it is taken: the money lands in the wallet (or, with the switch on, the
   * network refuses it), so the phone page shows it at once.
   */
  async payout(movement: Omit<NewMovement, 'kind' | 'status'>): Promise<{ movement: GatewayMovement; created: boolean }> {
    const existing = await this.find('payout', movement.reference);
    if (existing) return this.record({ ...movement, kind: 'payout', status: existing.status });
    const failing = await this.switchOn(FAIL_PAYOUTS);
    return this.record({ ...movement, kind: 'payout', status: failing ? 'failed' : 'succeeded', message: failing ? 'The network refused the payout' : null });
  }

  /**
   * Gives back part or all of a collection that succeeded, never more than is left of it: the
   * collection's row is locked while its refunds are added up, so two refunds at once cannot
   * both take the last of it. Settled as it is taken, as a payout is: into the wallet, or, with
   * the switch on, refused by the network (failed, nothing moved, the collection still refundable).
   */
  async refund(movement: Omit<NewMovement, 'kind' | 'status' | 'collectionReference'> & { collectionReference: string }): Promise<{ movement: GatewayMovement; created: boolean }> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<GatewayMovement>(`SELECT ${COLUMNS} FROM movements WHERE reference = $1 AND kind = 'collection' FOR UPDATE`, [movement.collectionReference]);
      const collection = rows[0];
      const earlier = await this.find('refund', movement.reference, client);
      let result: { movement: GatewayMovement; created: boolean };
      if (earlier) {
        result = await this.record({ ...movement, kind: 'refund', status: earlier.status }, client);
      } else {
        if (!collection) throw new GatewayRefusal(404, `No collection ${movement.collectionReference}`);
        if (collection.status !== 'succeeded') throw new GatewayRefusal(422, 'Only a collection that succeeded can be refunded');
        const { rows: sums } = await client.query<{ refunded: number }>(
          `SELECT coalesce(sum(amount), 0)::int AS refunded FROM movements WHERE collection_reference = $1 AND status <> 'failed'`,
          [collection.reference],
        );
        const left = collection.amount - sums[0]!.refunded;
        if (movement.amount > left) throw new GatewayRefusal(422, `Only ${left} pesewas of the collection are left to refund`);
        const failing = await this.switchOn(FAIL_REFUNDS, client);
        result = await this.record(
          { ...movement, kind: 'refund', status: failing ? 'failed' : 'succeeded', message: failing ? 'The network refused the refund' : null, phone: collection.phone, network: collection.network },
          client,
        );
      }
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  /** A number's movements, newest first (the phone page). */
  async ofPhone(phone: string, limit = 100): Promise<GatewayMovement[]> {
    const { rows } = await this.pool.query<GatewayMovement>(`SELECT ${COLUMNS} FROM movements WHERE phone = $1 ORDER BY created_at DESC, seq DESC LIMIT $2`, [phone, limit]);
    return rows;
  }

  async switchOn(name: string, on: Queryable = this.pool): Promise<boolean> {
    const { rows } = await on.query<{ on: boolean }>('SELECT "on" FROM switches WHERE name = $1', [name]);
    return rows[0]?.on ?? false;
  }

  async switches(): Promise<GatewaySwitches> {
    const [failPayouts, failRefunds] = await Promise.all([this.switchOn(FAIL_PAYOUTS), this.switchOn(FAIL_REFUNDS)]);
    return { failPayouts, failRefunds };
  }

  async setSwitch(name: string, on: boolean): Promise<void> {
    await this.pool.query('INSERT INTO switches (name, "on") VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET "on" = excluded."on"', [name, on]);
  }
}
