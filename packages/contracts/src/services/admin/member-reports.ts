import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { memberIdParams, memberReportAnswerSchema, memberReportInputSchema } from '../../http/member-safety.ts';

/** The admin service's member reports: a signed-in member reports another; staff handle the case (support issue). */
export const reportMemberRoute = defineEndpoint({
  method: 'POST',
  path: '/members/:id/reports',
  caller: 'user',
  summary: 'The asserted user reports a member to staff with a reason (201 new, 200 already reported by them)',
  params: memberIdParams,
  body: memberReportInputSchema,
  responses: { 200: memberReportAnswerSchema, 201: memberReportAnswerSchema, ...errorResponses(400, 401) },
});
