import { z } from 'zod';
import { defineEvent, optionalAggregateVersion } from '../envelope.ts';
import { memberReportReasons, memberReportSources } from '../http/member-safety.ts';

/** A visitor joined the pre-launch waitlist (first time for that e-mail only). */
export const waitlistJoined = defineEvent(
  'krom.admin.waitlist.joined.v1',
  z.object({
    signupId: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    joinedAt: z.string().datetime({ offset: true }),
    /** A signup never changes after it is made: always 1. */
    version: optionalAggregateVersion,
  }),
);
export type WaitlistJoined = z.infer<typeof waitlistJoined.schema>;

/**
 * `krom.admin.member.reported.v1`: a signed-in member reported another to staff (a case opens for
 * the support tools). One per reporter and reported member: a repeated report is thanked again
 * and announced no more.
 */
export const memberReported = defineEvent(
  'krom.admin.member.reported.v1',
  z.object({
    reportId: z.string().uuid(),
    reporterId: z.string().uuid(),
    reportedId: z.string().uuid(),
    reason: z.enum(memberReportReasons),
    details: z.string().nullable(),
    source: z.enum(memberReportSources),
    sourceId: z.string().uuid().nullable(),
    reportedAt: z.string().datetime({ offset: true }),
    /** A report never changes after it is made: always 1. */
    version: optionalAggregateVersion,
  }),
);
export type MemberReported = z.infer<typeof memberReported.schema>;
