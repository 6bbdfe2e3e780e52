import type { User } from '@krom/contracts/http/auth';

/** A signed-in user as GET /api/auth/user answers, for this feature's screen tests. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: '0f9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6b',
    firstName: 'Ama',
    lastName: 'Mensah',
    email: 'ama@example.com',
    phone: '0241234567',
    emergencyContactName: null,
    emergencyContactPhone: null,
    profileImageUrl: null,
    isVerified: false,
    verificationStatus: 'not_submitted',
    isDriver: false,
    driverVerificationStatus: 'not_submitted',
    createdAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

/** What every signed-in page asks for besides its own data: the user, the bell's notifications and the unread messages. */
export const frameAnswers = (user: User, unreadMessages = 0) => ({
  'GET /api/auth/user': { status: 200, body: user },
  'GET /api/notifications': { status: 200, body: { items: [], unreadCount: 0, actionRequiredCount: 0 } },
  'GET /api/messages/unread-count': { status: 200, body: { count: unreadMessages } },
});
