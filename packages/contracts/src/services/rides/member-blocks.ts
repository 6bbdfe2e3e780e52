import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import { okResponseSchema } from '../../http/ok.ts';
import { blockedMemberSchema, blockedMembersResponseSchema, blockMemberInputSchema, memberIdParams } from '../../http/member-safety.ts';

/** The rides service's block routes: each member acts on their own blocks only. */
export const blockMemberRoute = defineEndpoint({
  method: 'POST',
  path: '/blocks',
  caller: 'user',
  summary: 'The asserted user blocks a member: neither sees the other’s rides in search nor books them (201 new, 200 already blocked)',
  body: blockMemberInputSchema,
  responses: { 200: blockedMemberSchema, 201: blockedMemberSchema, ...errorResponses(400, 401, 404) },
});
export const unblockMemberRoute = defineEndpoint({
  method: 'DELETE',
  path: '/blocks/:id',
  caller: 'user',
  summary: 'The asserted user unblocks a member (ok whether or not they were blocked)',
  params: memberIdParams,
  responses: { 200: okResponseSchema, ...errorResponses(400, 401) },
});
export const myBlocksRoute = defineEndpoint({
  method: 'GET',
  path: '/blocks',
  caller: 'user',
  summary: 'The members the asserted user blocked, most recent first',
  responses: { 200: blockedMembersResponseSchema, ...errorResponses(401) },
});
