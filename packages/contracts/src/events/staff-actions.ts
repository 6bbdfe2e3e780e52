import { z } from 'zod';
import { defineEvent } from '../envelope.ts';
import { staffRoles } from '../http/staff-roles-values.ts';

/**
 * What a member of staff did, for admin's append-only audit log: who (the admin's id and the
 * roles they acted under), when, what (a dotted action name such as `verification.approved`),
 * why (the reason given, if any) and to what (a target's kind and id). Every service that gives
 * staff an action announces each one in the action's own transaction (outbox), under its own
 * subject (`krom.<service>.staff_action.recorded.v1`), with this one payload; admin keeps each
 * event once (by its id).
 */
export const staffActionSchema = z.object({
  actorId: z.string().uuid(),
  actorRoles: z.array(z.enum(staffRoles)),
  action: z.string().min(1).max(100),
  targetType: z.string().min(1).max(50),
  targetId: z.string().min(1).max(100),
  reason: z.string().nullable(),
  /** A few facts of the action (a decision, an amount); never a member's own words or documents. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  actedAt: z.string().datetime({ offset: true }),
});
export type StaffAction = z.infer<typeof staffActionSchema>;

const staffActionRecorded = (service: string) => defineEvent(`krom.${service}.staff_action.recorded.v1`, staffActionSchema);

/** Staff actions by the service that announces them (admin consumes them all into its audit log). */
export const staffActionEvents = {
  admin: staffActionRecorded('admin'),
  identity: staffActionRecorded('identity'),
} as const;
