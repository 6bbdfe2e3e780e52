import { z } from 'zod';
import { isoDateTime, uuid } from './fields.ts';
import { staffRoles } from './staff-roles-values.ts';

/** A member of staff's roles: at least one, each once. */
export const staffRolesSchema = z
  .array(z.enum(staffRoles, { message: 'Unknown staff role' }))
  .min(1, 'Choose at least one role')
  .transform((roles) => [...new Set(roles)]);

/**
 * Admin login: the forms only require both fields; the server applies the schema's lengths. No
 * staff account has a longer username or password than `createAdminRequestSchema` allows, so a
 * longer one is refused before any lookup, lock-out bookkeeping or password hashing.
 */
export const adminLoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(64, 'Username must be at most 64 characters'),
  password: z.string().min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

export const createAdminRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(64, 'Username must be at most 64 characters'),
  password: z
    .string()
    .min(6, 'Password must be at least 6 characters')
    .max(128, 'Password must be at most 128 characters'),
  /** The new account's roles (administrator gives every permission). */
  roles: staffRolesSchema,
});
export type CreateAdminRequest = z.infer<typeof createAdminRequestSchema>;

export const adminUserSchema = z.object({
  id: uuid,
  username: z.string(),
  roles: z.array(z.enum(staffRoles)),
  createdAt: isoDateTime,
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

/**
 * GET /api/admin/staff-names: every staff account's id and username, for any member of staff to
 * name who claimed, decided or acted (the full list with roles is the administrators').
 */
export const staffNamesSchema = z.object({ staff: z.array(z.object({ id: uuid, username: z.string() })) });
export type StaffNames = z.infer<typeof staffNamesSchema>;

/** GET /api/admin/verify and POST /api/admin/login answer with the signed-in admin. */
export const adminSessionResponseSchema = z.object({ admin: adminUserSchema });
export type AdminSessionResponse = z.infer<typeof adminSessionResponseSchema>;

export const adminErrors = {
  invalidCredentials: 'Invalid username or password',
  duplicateUsername: 'Username already exists',
  notSignedIn: 'Admin sign-in required',
  ownAdministratorRole: 'You cannot remove your own administrator role',
} as const;
