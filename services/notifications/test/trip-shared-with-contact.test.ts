import { randomUUID } from 'node:crypto';
import { tripSharedWithContact } from '@krom/contracts/events/trip-shares';
import { eventually, testEnvelope } from '@krom/server-kit/testing';
import { describe, expect, it } from 'vitest';
import { choicesTold, eventDelivery, messagesOf, newPhone, registeredUser, useNotificationsService } from './notifications-test-env.ts';

const handle = useNotificationsService({ env: () => ({ PUBLIC_ORIGIN: 'https://krom.example' }) });
const deliver = eventDelivery(handle);
const { textsTo } = messagesOf(handle);
const choices = choicesTold(handle);

const texted = (phone: string, count: number) =>
  eventually(async () => {
    const texts = await textsTo(phone);
    return texts.length === count ? texts : undefined;
  });

function shared(passengerId: string, contactPhone: string, reason: 'departure' | 'emergency') {
  return testEnvelope(tripSharedWithContact, {
    shareId: randomUUID(),
    bookingId: randomUUID(),
    passengerId,
    passengerName: 'Ama Mensah',
    contactName: 'Kwame Mensah',
    contactPhone,
    link: '/trip/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd',
    fromLocation: 'Circle VIP Bus Station',
    toLocation: 'Kejetia Lorry Park',
    departureAt: '2025-11-28T14:30:00.000Z',
    reason,
    occurredAt: '2025-11-28T14:30:00.000Z',
  });
}

describe('krom.rides.trip.shared_with_contact.v1', () => {
  it('texts the emergency contact the link once, first saying who shares it, even when the passenger turned SMS off', async () => {
    const passenger = await registeredUser(handle, { firstName: 'Ama', lastName: 'Mensah' });
    await choices(passenger.userId, { smsNotifications: false }, 2);
    const contactPhone = newPhone('020');
    const event = shared(passenger.userId, contactPhone, 'departure');
    await deliver(tripSharedWithContact, event);
    await deliver(tripSharedWithContact, event);

    const [text] = await texted(contactPhone, 1);
    expect(text?.body).toBe(
      'Ama Mensah is sharing their Krom trip with you: Circle VIP Bus Station to Kejetia Lorry Park, leaving 2:30 PM. ' +
        'Follow it here until they arrive: https://krom.example/trip/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd',
    );
  });

  it('says the emergency button was pressed when that is why', async () => {
    const passenger = await registeredUser(handle, { firstName: 'Ama', lastName: 'Mensah' });
    const contactPhone = newPhone('020');
    await deliver(tripSharedWithContact, shared(passenger.userId, contactPhone, 'emergency'));
    const [text] = await texted(contactPhone, 1);
    expect(text?.body).toMatch(/^Ama Mensah pressed the emergency button in Krom during their trip and asked us to text you\./);
    expect(text?.body).toContain('https://krom.example/trip/');
    expect(text?.body).toContain('call 112');
  });
});
