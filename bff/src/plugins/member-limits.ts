import type { RateLimitOptions } from '@fastify/rate-limit';
import type { BffConfig } from '../config.ts';
import { memberRateLimitKey } from './visitor-key.ts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** What a member is told past a limit, with the wait in words ("23 hours", "5 minutes"). */
export const tooOftenMessage = (wait: string) => `You're doing that too often. Please try again in ${wait}.`;

/**
 * A limit on one kind of write by one member, in @fastify/rate-limit's Redis counters like every
 * other limit here: counted per account (all its sessions together), checked after the caller is
 * known (a guest gets its 401 and counts nothing), and answered 429 in words with Retry-After.
 */
export function perMember(max: number, timeWindowMs: number): RateLimitOptions {
  return {
    max,
    timeWindow: timeWindowMs,
    hook: 'preHandler',
    keyGenerator: memberRateLimitKey,
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: tooOftenMessage(context.after) }),
  };
}

/** The members' write limits, each counted per route (filing and cancelling requests apart). */
export type MemberLimits = {
  /** Posting a ride. */
  ridePosts: RateLimitOptions;
  /** Filing a ride request, and cancelling one. */
  rideRequests: RateLimitOptions;
  /** Adding a vehicle. */
  vehicles: RateLimitOptions;
  /** Every other write of a member: ride and vehicle changes, profile, settings, payment methods, photos, verification, notifications read. */
  writes: RateLimitOptions;
};

export function memberLimitsFrom(config: BffConfig): MemberLimits {
  return {
    ridePosts: perMember(config.RATE_LIMIT_RIDE_POSTS_PER_DAY, DAY_MS),
    rideRequests: perMember(config.RATE_LIMIT_RIDE_REQUESTS_PER_DAY, DAY_MS),
    vehicles: perMember(config.RATE_LIMIT_VEHICLES_PER_DAY, DAY_MS),
    writes: perMember(config.RATE_LIMIT_MEMBER_WRITES_PER_HOUR, HOUR_MS),
  };
}
