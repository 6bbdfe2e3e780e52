import { z } from 'zod';
import { staffRolesSchema } from './admin.ts';
import { isoDateTime, uuid } from './fields.ts';
import { staffRoles } from './staff-roles-values.ts';

/** Filters of the audit log: each optional, joined with AND; newest first. */
export const staffAuditQuerySchema = z.object({
  actorId: z.string().uuid('Unknown staff member').optional(),
  action: z.string().trim().min(1).max(100).optional(),
  targetType: z.string().trim().min(1).max(50).optional(),
  targetId: z.string().trim().min(1).max(100).optional(),
  from: z.string().datetime({ offset: true, message: 'From must be a date and time' }).optional(),
  to: z.string().datetime({ offset: true, message: 'To must be a date and time' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The `nextCursor` of the page before: the entries after its last one, however many share its time. */
  before: z.string().max(200).optional(),
});
export type StaffAuditQuery = z.input<typeof staffAuditQuerySchema>;

export const staffAuditEntrySchema = z.object({
  id: uuid,
  service: z.string(),
  actorId: uuid,
  actorRoles: z.array(z.enum(staffRoles)),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  actedAt: isoDateTime,
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;
export const staffAuditListSchema = z.object({
  entries: z.array(staffAuditEntrySchema),
  /** Where the next (older) page starts; null on the last page. Absent from answers made before it was added. */
  nextCursor: z.string().nullable().optional(),
});

/** PUT /admin-users/:id/roles: the account's new roles, replacing the old. */
export const setStaffRolesRequestSchema = z.object({ roles: staffRolesSchema });
