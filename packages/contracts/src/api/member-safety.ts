import { defineForwarded } from '../endpoint.ts';
import { reportMemberRoute } from '../services/admin/member-reports.ts';
import { blockMemberRoute, myBlocksRoute, unblockMemberRoute } from '../services/rides/member-blocks.ts';

/** Blocking (kept by rides) and reporting (kept by admin) another member, as the signed-in member. */
export const blockMember = defineForwarded(blockMemberRoute, {
  summary: 'Blocks a member: neither sees the other’s rides in search nor can book them; confirmed bookings between them stay',
});
export const unblockMember = defineForwarded(unblockMemberRoute, { summary: 'Unblocks a member (Account Settings, Blocked members)' });
export const getMyBlocks = defineForwarded(myBlocksRoute, { summary: 'The members the signed-in member blocked (Account Settings, Blocked members)' });
export const reportMember = defineForwarded(reportMemberRoute, { summary: 'Reports a member to staff with a reason from the fixed list and optional details' });
