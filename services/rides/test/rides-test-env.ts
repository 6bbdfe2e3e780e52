import { dropDatabaseWhenIdle, isolatedServiceConfig } from '@krom/server-kit/testing';
import { afterAll, beforeAll } from 'vitest';
import { readRidesConfig } from '../src/config.ts';
import { openRidesService } from '../src/open-rides.ts';

/**
 * A fresh, isolated rides-service configuration on the real PostgreSQL, NATS and Redis. The
 * sweeps are not scheduled (SWEEP_INTERVAL_SECONDS 0): tests run them with the clock they choose.
 */
export const ridesTestConfig = (overrides: Record<string, string> = {}) =>
  isolatedServiceConfig('rides', readRidesConfig, { SWEEP_INTERVAL_SECONDS: '0', ...overrides });

export type RidesService = Awaited<ReturnType<typeof openRidesService>>;

/** Opens the rides service for this test file (with `options`' clock, if any) and removes its database and stream afterwards. */
export function useRidesService(overrides: Record<string, string> = {}, options: Parameters<typeof openRidesService>[1] = {}) {
  const { config, as } = ridesTestConfig(overrides);
  const handle = { config, as, service: undefined as unknown as RidesService };
  beforeAll(async () => {
    handle.service = await openRidesService(config, options);
  });
  afterAll(async () => {
    await handle.service?.bus.jsm.streams.delete(handle.service.bus.streamName);
    await handle.service?.app.close();
    await dropDatabaseWhenIdle(config.DATABASE_URL);
  });
  return handle;
}

/** A payment row written straight into the table, as the booking flow will write them later. */
export type PaymentSeed = {
  payerId: string;
  recipientId: string;
  amount: string;
  status?: 'completed' | 'pending' | 'failed' | 'refunded';
  currency?: string;
  createdAt?: string;
  processedAt?: string | null;
  transactionId?: string | null;
  paymentMethod?: string;
  paymentProvider?: string;
};

export async function insertPayment(service: RidesService, seed: PaymentSeed): Promise<string> {
  const { rows } = await service.db.$client.query<{ id: string }>(
    `INSERT INTO payments (payer_id, recipient_id, amount, currency, payment_method, payment_provider, transaction_id, status, processed_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10::timestamptz, now())) RETURNING id`,
    [
      seed.payerId,
      seed.recipientId,
      seed.amount,
      seed.currency ?? 'GHS',
      seed.paymentMethod ?? 'mobile_money',
      seed.paymentProvider ?? 'mtn',
      seed.transactionId ?? null,
      seed.status ?? 'completed',
      seed.processedAt ?? null,
      seed.createdAt ?? null,
    ],
  );
  return rows[0]!.id;
}

/** A user's row in the user_profiles projection, written as identity's snapshot would leave it. */
export type ProfileSeed = {
  firstName?: string;
  lastName?: string;
  profileImageUrl?: string | null;
  verificationStatus?: 'not_submitted' | 'pending' | 'approved' | 'rejected';
  driverVerificationStatus?: 'not_submitted' | 'pending' | 'approved' | 'rejected';
  suspended?: boolean;
  deleted?: boolean;
  /** Whether the member stated "woman" in their profile (women-only rides). */
  statedWoman?: boolean;
};

export async function insertUserProfile(service: RidesService, userId: string, seed: ProfileSeed = {}): Promise<void> {
  const identity = seed.verificationStatus ?? 'approved';
  const driver = seed.driverVerificationStatus ?? 'approved';
  await service.db.$client.query(
    `INSERT INTO user_profiles (user_id, version, first_name, last_name, profile_image_url, is_verified, verification_status,
                                is_driver, driver_verification_status, suspended, deleted, stated_woman, changed_at)
     VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
     ON CONFLICT (user_id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
       profile_image_url = excluded.profile_image_url, is_verified = excluded.is_verified,
       verification_status = excluded.verification_status, is_driver = excluded.is_driver,
       driver_verification_status = excluded.driver_verification_status, suspended = excluded.suspended, deleted = excluded.deleted,
       stated_woman = excluded.stated_woman`,
    [
      userId,
      seed.firstName ?? 'Kwame',
      seed.lastName ?? 'Mensah',
      seed.profileImageUrl ?? null,
      identity === 'approved',
      identity,
      driver === 'approved',
      driver,
      seed.suspended ?? false,
      seed.deleted ?? false,
      seed.statedWoman ?? false,
    ],
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The Ghana (UTC) date `days` from now, as the API takes dates (yyyy-MM-dd). */
export const dayFromNow = (days: number, from = new Date()) => new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** A ride written straight into the table: how tests make rides the API refuses (departed ones). */
export type RideSeed = {
  driverId: string;
  vehicleId: string;
  departureAt: Date;
  fromCity?: string;
  toCity?: string;
  fromLocation?: string;
  toLocation?: string;
  availableSeats?: number;
  totalSeats?: number;
  pricePerSeat?: string;
  status?: 'active' | 'completed' | 'cancelled';
};

export async function insertRide(service: RidesService, seed: RideSeed): Promise<string> {
  const fromCity = seed.fromCity ?? 'Accra';
  const toCity = seed.toCity ?? 'Kumasi';
  const fromLocation = seed.fromLocation ?? `${fromCity} Main Station`;
  const toLocation = seed.toLocation ?? `${toCity} Main Station`;
  const iso = seed.departureAt.toISOString();
  const { rows } = await service.db.$client.query<{ id: string }>(
    `INSERT INTO rides (driver_id, vehicle_id, from_city, to_city, from_location, to_location, departure_date, departure_time,
                        departure_at, available_seats, seats_offered, total_seats, price_per_seat, status, route_search)
     VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8, $9::timestamptz, $10, $10, $11, $12, $13,
             lower(chr(31) || $3 || chr(31) || $5 || chr(30) || chr(31) || $4 || chr(31) || $6))
     RETURNING id`,
    [
      seed.driverId,
      seed.vehicleId,
      fromCity,
      toCity,
      fromLocation,
      toLocation,
      iso.slice(0, 10),
      iso.slice(11, 16),
      iso,
      seed.availableSeats ?? 3,
      seed.totalSeats ?? 4,
      seed.pricePerSeat ?? '100.00',
      seed.status ?? 'active',
    ],
  );
  return rows[0]!.id;
}
