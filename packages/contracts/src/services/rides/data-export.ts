import { ridesDataExportSchema } from '../../http/data-export.ts';
import { defineEndpoint, errorResponses } from '../../endpoint.ts';

/** Rides' part of a member's data download, reached only from the BFF with an internal assertion naming the member. */
export const exportMemberRidesDataRoute = defineEndpoint({
  method: 'GET',
  path: '/members/me/data-export',
  caller: 'user',
  summary: "The asserted member's rides driven, bookings made and received, reviews given and received, and messages",
  responses: { 200: ridesDataExportSchema, ...errorResponses(401) },
});
