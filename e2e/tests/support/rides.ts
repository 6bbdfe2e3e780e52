import { expect, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';

type RideShape = {
  /** The car's plate, `GR-1234-24`. */
  licensePlate: string;
  /** How long from now the ride leaves, in hours. */
  leavesInHours: number;
  bookingMode: 'instant' | 'approval';
  stops: { location: string; city: string; meetingPoint: string }[];
  /** The drive's duration as the wizard writes it (`4h 40min`); none unless given. */
  duration?: string;
};

/** A car and a ride Accra → Kumasi (3 seats, GH₵100 a seat) posted through the API by the verified driver signed in in `page`. */
export async function postedRideThroughApi(page: Page, ride: RideShape): Promise<string> {
  const headers = { origin: baseURL };
  const leaves = new Date(Date.now() + ride.leavesInHours * 3_600_000).toISOString();
  const vehicle = await page.request.post('/api/vehicles', {
    headers,
    data: { make: 'Toyota', model: 'Corolla', year: 2019, color: 'Silver', licensePlate: ride.licensePlate, seats: 5 },
  });
  expect(vehicle.status(), await vehicle.text()).toBe(201);
  const posted = await page.request.post('/api/rides', {
    headers,
    data: {
      vehicleId: ((await vehicle.json()) as { id: string }).id,
      fromCity: 'Accra',
      fromLocation: 'Accra',
      toCity: 'Kumasi',
      toLocation: 'Kumasi',
      stops: ride.stops,
      departureDate: leaves.slice(0, 10),
      departureTime: leaves.slice(11, 16),
      availableSeats: 3,
      pricePerSeat: '100',
      bookingMode: ride.bookingMode,
      ...(ride.duration ? { duration: ride.duration } : {}),
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()) as { id: string }).id;
}
