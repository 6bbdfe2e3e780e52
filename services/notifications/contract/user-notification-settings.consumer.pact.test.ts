import { userNotificationSettings } from '@krom/contracts/events/identity';
import { isoDateTime, messageConsumerPact } from '@krom/server-kit/pact-messages';
import { asynchronousBodyHandler, MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { readUserNotificationSettings } from '../src/events/handlers/user-notification-settings.ts';
import { takesNoticeSms, takesRideReminders } from '../src/users/known-users.ts';

const { integer, uuid } = MatchersV3;

// The same pact file as user.registered: one consumer, one provider.
const pact = messageConsumerPact('krom-notifications', 'krom-identity');

describe('krom-notifications consuming krom-identity events', () => {
  it('reads a user.notification_settings envelope as the member’s SMS and ride reminder choices at a version', () =>
    pact
      .given('a member turned SMS notifications and ride reminders off in settings')
      .expectsToReceive(`a ${userNotificationSettings.subject} event`)
      .withContent({
        id: uuid('8e2d4c61-1a3b-4c5d-9e6f-7a8b9c0d1e2f'),
        type: userNotificationSettings.subject,
        occurredAt: isoDateTime('2025-03-03T08:00:00.000Z'),
        data: {
          userId: uuid('3c9e7b51-2d4a-4f6e-8b7c-1a2b3c4d5e6f'),
          // The values themselves, not only their type: the provider must show both choices turned off.
          smsNotifications: false,
          rideReminders: false,
          changedAt: isoDateTime('2025-03-03T08:00:00.000Z'),
          version: integer(2),
        },
      })
      .verify(
        asynchronousBodyHandler(async (body) => {
          const envelope = readUserNotificationSettings(body);
          expect(envelope.type).toBe(userNotificationSettings.subject);
          expect(envelope.data.version).toBeGreaterThan(1);
          expect(takesNoticeSms(envelope.data)).toBe(false);
          expect(takesRideReminders(envelope.data)).toBe(false);
        }),
      ));
});
