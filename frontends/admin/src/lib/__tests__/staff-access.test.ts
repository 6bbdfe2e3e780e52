import type { Endpoint } from '@krom/contracts/endpoint';
import * as admin from '@krom/contracts/api/admin';
import * as staff from '@krom/contracts/api/staff';
import * as staffMembers from '@krom/contracts/api/staff-members';
import * as staffPayments from '@krom/contracts/api/staff-payments';
import * as staffTickets from '@krom/contracts/api/staff-tickets';
import { describe, expect, it } from 'vitest';
import { type StaffAccess, staffAccess } from '../staff-access.ts';

/** The endpoints behind each tab and action: what the screen reads and every change it makes there. */
const endpointsOf: Record<StaffAccess, Endpoint[]> = {
  waitlist: [admin.getWaitlistSignups],
  admins: [admin.getAdminUsers, admin.createAdminUser, admin.setStaffRoles],
  audit: [admin.getStaffAudit],
  verifications: [staff.getReviewQueue, staff.getReviewSubmission, staff.decideVerification],
  tickets: Object.values(staffTickets),
  rides: [staff.listStaffRides],
  bookings: [staff.listStaffBookings, staff.getStaffBooking],
  payments: Object.values(staffPayments),
  members: Object.values(staffMembers),
  messages: [staff.getSmsLog, staff.getEmailLog],
  cancelBooking: [staff.cancelStaffBooking],
  suspendMember: [staff.suspendMember, staff.liftMemberSuspension],
  smsTest: [staff.smsTestSendCode, staff.smsTestVerifyCode, staff.sendBookingConfirmation],
};

describe("the staff area's roles table", () => {
  it.each(Object.keys(staffAccess) as StaffAccess[])('gives %s the roles its endpoints declare', (what) => {
    expect(endpointsOf[what].length).toBeGreaterThan(0);
    for (const endpoint of endpointsOf[what]) {
      expect([...(endpoint.roles ?? [])].sort(), `${endpoint.method} ${endpoint.path}`).toEqual([...staffAccess[what]].sort());
    }
  });
});
