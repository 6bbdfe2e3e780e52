import { confirmPaymentMethod, sendPaymentMethodCode } from '@krom/contracts/api/payments';
import type { VerifyCodeServiceRequest } from '@krom/contracts/http/verification-codes';
import { markPaymentMethodVerifiedRoute, paymentMethodNumberRoute } from '@krom/contracts/services/payments/payment-methods';
import { verifyCodeRoute } from '@krom/contracts/services/notifications/verification-codes';
import { routeEndpoint } from '@krom/server-kit/endpoint-route';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callService, type ServiceDirectory } from '../plugins/service-calls.ts';
import { publicCaller, requireUserCaller } from '../plugins/sessions.ts';
import { CodeRequestRefused, replyCodeRefused, requestVerificationCode } from './phone-codes.ts';
import type { RouteOptions } from './route-options.ts';

/** The code is keyed by the method and its number, so a code texted to an old number proves nothing about a new one. */
const codeSubject = (id: string, number: string) => `${id}:${number}`;

/** Payments answers the member's own unconfirmed method's full number (404 for another's, 409 once confirmed). */
async function numberToConfirm(request: FastifyRequest, directory: ServiceDirectory, id: string) {
  const caller = await requireUserCaller(request);
  const method = await callService(request, directory, { service: 'payments', to: paymentMethodNumberRoute, params: { id }, caller });
  return { caller, number: method.number };
}

/**
 * Confirming a saved mobile money number for payouts: POST …/confirmation texts a code to it (also
 * Resend), POST …/confirm checks the code with the notifications service and has payments mark
 * the number confirmed, only if it is still the number the code was texted to.
 */
export async function paymentMethodConfirmationRoutes(app: FastifyInstance, { directory, memberLimits }: RouteOptions) {
  // Checked as a preHandler, after the caller check has found the member it counts against.
  const limited = { config: { rateLimit: memberLimits.writes } };

  routeEndpoint(app, sendPaymentMethodCode, { ...limited, handler: async (request, reply) => {
    const { id } = request.params;
    const { number } = await numberToConfirm(request, directory, id);
    try {
      const sent = await requestVerificationCode(request, directory, {
        purpose: 'payment_method',
        subject: codeSubject(id, number),
        destination: { channel: 'sms', phone: number },
        clientKey: request.ip,
      });
      return reply.status(201).send(sent);
    } catch (error) {
      if (error instanceof CodeRequestRefused) return replyCodeRefused(reply, error);
      throw error;
    }
  } });

  routeEndpoint(app, confirmPaymentMethod, { ...limited, handler: async (request) => {
    const { id } = request.params;
    const { caller, number } = await numberToConfirm(request, directory, id);
    const body: VerifyCodeServiceRequest = { purpose: 'payment_method', subject: codeSubject(id, number), code: request.body.code };
    await callService(request, directory, { service: 'notifications', to: verifyCodeRoute, caller: await publicCaller(), body });
    return callService(request, directory, { service: 'payments', to: markPaymentMethodVerifiedRoute, params: { id }, caller, body: { number } });
  } });
}
