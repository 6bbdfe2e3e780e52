import type { UserRegistered } from '@krom/contracts/events/identity';
import type { NewNotification } from './create-notification.ts';

type Notice = Pick<NewNotification, 'type' | 'title' | 'message' | 'data'>;

/** The first thing a new account finds under the bell. */
export function welcomeNotice(user: Pick<UserRegistered, 'firstName'>): Notice {
  const name = user.firstName.trim();
  return {
    type: 'system',
    title: 'Welcome to Krom',
    message: `${name ? `Hi ${name}, your` : 'Your'} account is ready. Find a ride or post one from your dashboard.`,
    data: { link: '/dashboard' },
  };
}

/** Tells the account's owner of a password change they may not have made. */
export function passwordChangedNotice(via: 'settings' | 'recovery'): Notice {
  return {
    type: 'system',
    title: 'Password changed',
    message:
      via === 'recovery'
        ? 'Your password was reset with a recovery code. If this was not you, reset it again now and contact support.'
        : 'Your password was changed in your account settings. If this was not you, reset it now and contact support.',
    data: { via },
  };
}
