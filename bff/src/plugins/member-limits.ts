import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { BffConfig } from '../config.ts';
import { memberRateLimitKey } from './visitor-key.ts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** What a member is told past a limit, with the wait in words ("23 hours", "5 minutes"). */
export const tooOftenMessage = (wait: string) => `You're doing that too often. Please try again in ${wait}.`;

/** Where @fastify/rate-limit keeps its Redis counters. */
export const rateLimitNamespace = (config: BffConfig) => `${config.REDIS_PREFIX}rate:`;

declare module 'fastify' {
  interface FastifyRequest {
    /** The Redis counter this write was counted in, to give back if it is refused. */
    memberLimitCounter?: string;
  }
}

/**
 * A limit on one kind of write by one member, in @fastify/rate-limit's Redis counters like every
 * other limit here: counted per account (all its sessions together), checked after the caller is
 * known (a guest gets its 401 and counts nothing), and answered 429 in words with Retry-After.
 * Only writes that succeed use the allowance: a refused one is given back (refundRefusedWrites).
 */
export function perMember(max: number, timeWindowMs: number, namespace: string): RateLimitOptions {
  return {
    max,
    timeWindow: timeWindowMs,
    hook: 'preHandler',
    keyGenerator: memberRateLimitKey,
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: tooOftenMessage(context.after) }),
    // Called for a write that was counted and let through; the counter's name is the library's
    // Redis store's (namespace, then the route, then the member).
    onExceeding: (request, key) => {
      request.memberLimitCounter = `${namespace}${request.routeOptions.method}${request.routeOptions.url}-${key}`;
    },
  };
}

// Gives one back, unless the window ended meanwhile (a fresh counter must not start below zero).
const GIVE_BACK = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0`;

/**
 * An onResponse hook giving back the allowance of a member's write its service refused (a 4xx such
 * as a price over the cap or a plate already registered, or a failure): a driver trying prices is
 * not locked out for a day. Why count first and give back after, rather than count on success: the
 * count stays one atomic check-and-increment, so concurrent writes can never get past the limit
 * together; the cost is that a write still being refused holds its place until its answer.
 */
export function refundRefusedWrites(redis: Redis) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.memberLimitCounter && (reply.statusCode < 200 || reply.statusCode >= 300)) await redis.eval(GIVE_BACK, 1, request.memberLimitCounter);
  };
}

/** The members' write limits, each counted per route (filing and cancelling requests apart). */
export type MemberLimits = {
  /** Posting a ride. */
  ridePosts: RateLimitOptions;
  /** Filing a ride request, and cancelling one. */
  rideRequests: RateLimitOptions;
  /** Booking seats (a retry with the same Idempotency-Key counts again, and is answered as the first time). */
  bookings: RateLimitOptions;
  /** Adding a vehicle. */
  vehicles: RateLimitOptions;
  /** Every other write of a member: ride and vehicle changes, profile, settings, payment methods, photos, verification, notifications read. */
  writes: RateLimitOptions;
  /** Downloading one's own data (each download reads everything the member has, from three services). */
  dataExports: RateLimitOptions;
};

export function memberLimitsFrom(config: BffConfig): MemberLimits {
  const namespace = rateLimitNamespace(config);
  return {
    ridePosts: perMember(config.RATE_LIMIT_RIDE_POSTS_PER_DAY, DAY_MS, namespace),
    rideRequests: perMember(config.RATE_LIMIT_RIDE_REQUESTS_PER_DAY, DAY_MS, namespace),
    bookings: perMember(config.RATE_LIMIT_BOOKINGS_PER_HOUR, HOUR_MS, namespace),
    vehicles: perMember(config.RATE_LIMIT_VEHICLES_PER_DAY, DAY_MS, namespace),
    writes: perMember(config.RATE_LIMIT_MEMBER_WRITES_PER_HOUR, HOUR_MS, namespace),
    dataExports: perMember(config.RATE_LIMIT_DATA_EXPORTS_PER_HOUR, HOUR_MS, namespace),
  };
}
