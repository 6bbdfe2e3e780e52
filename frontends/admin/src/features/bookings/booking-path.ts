/** Where a booking leads in the staff area: its own page (its history, and cancelling it while it is live). */
export const bookingPath = (id: string) => `/admin/bookings/${id}`;
