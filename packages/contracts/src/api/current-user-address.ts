/**
 * Where the signed-in user is read (the endpoint is `getCurrentUser` in auth.ts). Kept apart and
 * free of zod: every page, a signed-out landing page too, asks it before anything else (ui-kit's
 * current-user.ts), and must not download the schemas to do so.
 */
export const currentUserAddress = { method: 'GET', path: '/api/auth/user' } as const;
