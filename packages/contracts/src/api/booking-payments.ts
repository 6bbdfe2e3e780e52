import { defineForwarded, errorResponses } from '../endpoint.ts';
import { bookingPaymentRoute, submitVoucherCodeRoute } from '../services/payments/booking-payments.ts';

/** The booking screen's calls about its mobile money payment, as the signed-in passenger. */
export const getBookingPayment = defineForwarded(bookingPaymentRoute, {
  summary: "Where the signed-in passenger's mobile money payment of a booking stands (poll it while the prompt waits)",
});

export const submitBookingVoucherCode = defineForwarded(submitVoucherCodeRoute, {
  summary: "Telecel's voucher step: the code the network texted the signed-in passenger, passed to the gateway",
  responses: { ...submitVoucherCodeRoute.responses, ...errorResponses(403, 429) },
});
