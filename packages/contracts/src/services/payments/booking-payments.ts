import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { bookingPaymentParams, bookingPaymentSchema, voucherCodeInputSchema } from '../../http/booking-payments.ts';

/**
 * A booking's payment as its passenger follows it, reached only from the BFF with an assertion
 * naming the user: another member's booking, or one with no payment yet, is a 404.
 */
export const bookingPaymentRoute = defineEndpoint({
  method: 'GET',
  path: '/bookings/:id/payment',
  caller: 'user',
  summary: "Where the asserted passenger's payment of a booking stands (the latest one asked)",
  params: bookingPaymentParams,
  responses: { 200: bookingPaymentSchema, ...errorResponses(401, 404) },
});

export const submitVoucherCodeRoute = defineEndpoint({
  method: 'POST',
  path: '/bookings/:id/payment/otp',
  caller: 'user',
  summary: "Sends the voucher code Telecel texted the asserted passenger to the gateway; the payment then waits on the PIN prompt",
  params: bookingPaymentParams,
  body: voucherCodeInputSchema,
  responses: { 200: bookingPaymentSchema, ...errorResponses(400, 401, 404, 409, 502) },
});
