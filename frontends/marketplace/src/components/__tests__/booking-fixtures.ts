import type { Booking } from '@krom/contracts/http/bookings';

let sequence = 0;

/**
 * A booking as POST /api/bookings and GET /api/bookings/mine answer it: 2 confirmed seats on a cash
 * ride from Accra to Kumasi, boarding at Nkawkaw, GH₵45.00 a seat, departing Nov 28, 2030 at 7:30 AM.
 */
export function aBooking(overrides: Partial<Booking> = {}): Booking {
  sequence += 1;
  return {
    id: `10000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    rideId: '00000000-0000-4000-8000-000000000999',
    status: 'confirmed',
    bookingMode: 'instant',
    paymentMethod: 'cash',
    seats: 2,
    board: { index: 1, location: 'Nkawkaw Lorry Station', city: 'Nkawkaw', meetingPoint: 'By the Total fuel station' },
    alight: { index: 2, location: 'Kejetia Market', city: 'Kumasi', meetingPoint: null },
    pricePerSeat: '45.00',
    totalAmount: '90.00',
    serviceFee: '0.00',
    currency: 'GHS',
    passengerName: 'Ama Mensah',
    passengerPhone: '0241234567',
    specialRequests: null,
    boardingCode: 'K7QX4M',
    departureDate: '2030-11-28',
    departureTime: '07:30',
    departureAt: '2030-11-28T07:30:00.000Z',
    rideFrom: 'Accra',
    rideTo: 'Kumasi',
    rideStatus: 'active',
    driverName: 'Kofi Boateng',
    driverId: 'd0000000-0000-4000-8000-000000000001',
    vehicle: { make: 'Toyota', model: 'Corolla', color: 'Silver', licensePlate: 'GR-1234-20' },
    expiresAt: null,
    createdAt: '2030-11-20T09:00:00.000Z',
    version: 1,
    ...overrides,
  };
}
