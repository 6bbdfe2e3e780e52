import type { CurrentUserCache } from '../current-user/current-user-cache.ts';
import type { MemberLimits } from '../plugins/member-limits.ts';
import type { ServiceDirectory } from '../plugins/service-calls.ts';

/** What every area's routes receive from the app. */
export type RouteOptions = {
  directory: ServiceDirectory;
  /** Per-client limit for public writes (sign-ups, sign-ins, code requests). */
  publicRateLimit: { max: number; timeWindow: string };
  /** Per-member limits on signed-in users' writes. */
  memberLimits: MemberLimits;
  /** The replica's copies of signed-in users' own view (GET /api/auth/user). */
  currentUsers: CurrentUserCache;
};
