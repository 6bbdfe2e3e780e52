import type { SmsCommandAnswer } from '@krom/contracts/events/sms-commands';

/** Rides' answer to BOOK K7P2Q 2 (the USSD menu's unit test and the USSD sessions' test). */
export const booked = (paymentMethod: 'mobile_money' | 'cash', status: 'awaiting_payment' | 'confirmed' = paymentMethod === 'cash' ? 'confirmed' : 'awaiting_payment'): SmsCommandAnswer => ({
  kind: 'booked',
  bookingCode: 'B7K2Q9',
  rideCode: 'K7P2Q',
  from: 'Accra',
  to: 'Kumasi',
  departureAt: '2026-12-04T06:30:00.000Z',
  seats: 2,
  totalAmount: '250.00',
  currency: 'GHS',
  paymentMethod,
  status,
});
