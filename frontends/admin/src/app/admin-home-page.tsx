import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Container } from '@krom/ui-kit/container.tsx';
import { HeaderBar } from '@krom/ui-kit/header-bar.tsx';
import { Logo } from '@krom/ui-kit/logo.tsx';
import { ResponsiveTabs, TabPanel } from '@krom/ui-kit/responsive-tabs.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Cluster } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { useAdminSession } from '../features/admin-auth/api/get-admin-session.ts';
import { useLogoutAdmin } from '../features/admin-auth/api/logout-admin.ts';
import { useAdminUsers } from '../features/admin-users/api/get-admin-users.ts';
import { AdminUsersPanel } from '../features/admin-users/components/admin-users-panel.tsx';
import { type StaffBookingFilters, staffBookingFilterKeys } from '../features/bookings/api/list-bookings.ts';
import { filterOfOneBoxSearch } from '../features/bookings/booking-search-key.ts';
import { BookingsPanel } from '../features/bookings/components/bookings-panel.tsx';
import { type StaffRideFilters, staffRideFilterKeys } from '../features/rides/api/list-rides.ts';
import { RidesPanel } from '../features/rides/components/rides-panel.tsx';
import { MemberSearchPanel } from '../features/members/components/member-search-panel.tsx';
import { MessageLogPanel } from '../features/message-log/components/message-log-panel.tsx';
import type { PaymentFilters } from '../features/payments/api/search-payments.ts';
import { PaymentsPanel } from '../features/payments/components/payments-panel.tsx';
import { type ReviewQueueStatus, reviewQueueStatuses, useReviewQueue } from '../features/verification-review/api/get-review-queue.ts';
import { VerificationQueuePanel } from '../features/verification-review/components/verification-queue-panel.tsx';
import { useWaitlistSignups } from '../features/waitlist/api/get-waitlist-signups.ts';
import { WaitlistPanel } from '../features/waitlist/components/waitlist-panel.tsx';
import type { StaffTicketQueueQuery } from '@krom/contracts/http/staff-tickets';
import { TicketsQueuePanel } from '../features/tickets/components/tickets-queue-panel.tsx';
import { AdminTag } from '../lib/admin-tag.tsx';
import { filledFilters } from '../lib/filter-form.ts';
import { type StaffAuditFilters, staffAuditFilterKeys } from '../features/staff-audit/api/get-staff-audit.ts';
import { staffMayUse } from '../lib/staff-access.ts';
import { StaffAuditPanel } from '../features/staff-audit/components/staff-audit-panel.tsx';

/**
 * The open tab (and queue filter) lives in the address, so coming back from a submission reopens it.
 * A member of staff sees only the tabs their roles open (`staffAccess`, as the tabs' endpoints
 * declare them; an administrator sees every one); the BFF refuses the rest anyway.
 */
const adminTabs = ['waitlist', 'admins', 'audit', 'verifications', 'tickets', 'rides', 'bookings', 'members', 'payments', 'messages'] as const;
type AdminTab = (typeof adminTabs)[number];

/** `value` if it is one of `options`, else `fallback` (an unknown ?tab= opens the waitlist). */
const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

/** /admin: the staff dashboard. The session is checked on every visit; without one, back to login. */
export function AdminHomePage() {
  const session = useAdminSession();
  const signedIn = session.isSuccess;
  const roles = session.data?.admin.roles ?? [];
  const visibleTabs = adminTabs.filter((candidate) => staffMayUse(roles, candidate));
  const may = (candidate: AdminTab) => signedIn && visibleTabs.includes(candidate);
  const waitlist = useWaitlistSignups({ enabled: may('waitlist') });
  const admins = useAdminUsers({ enabled: may('admins') || may('audit') });
  const logout = useLogoutAdmin();
  const navigate = useNavigate();
  const pendingQueue = useReviewQueue('pending', { enabled: may('verifications') });
  const [search, setSearch] = useSearchParams();
  const tab = oneOf(visibleTabs, search.get('tab'), visibleTabs[0] ?? 'waitlist');
  const queueStatus = oneOf(reviewQueueStatuses, search.get('status'), 'pending');
  const setTab = (next: AdminTab) => setSearch(next === 'waitlist' ? {} : { tab: next }, { replace: true });
  const rideFilters: StaffRideFilters = filledFilters(staffRideFilterKeys, search);
  const setRideFilters = (filters: StaffRideFilters) => setSearch({ tab: 'rides', ...filters }, { replace: true });
  // An address from the one-box search (?q=) still opens what it searched for.
  const bookingFilters: StaffBookingFilters = { ...filterOfOneBoxSearch(search.get('q')), ...filledFilters(staffBookingFilterKeys, search) };
  const setBookingFilters = (filters: StaffBookingFilters) => setSearch({ tab: 'bookings', ...filters }, { replace: true });
  const memberSearch = search.get('member') ?? '';
  const setMemberSearch = (text: string) => setSearch(text === '' ? { tab: 'members' } : { tab: 'members', member: text }, { replace: true });
  const paymentFilters: PaymentFilters = Object.fromEntries(['status', 'bookingId', 'phone', 'page'].flatMap((key) => (search.get(key) ? [[key, search.get(key)]] : [])));
  const setPaymentFilters = (filters: PaymentFilters) => setSearch({ tab: 'payments', ...filters }, { replace: true });
  const ticketFilters: StaffTicketQueueQuery = Object.fromEntries(['status', 'category', 'priority'].flatMap((key) => (search.get(key) ? [[key, search.get(key)]] : [])));
  const setTicketFilters = (filters: StaffTicketQueueQuery) => setSearch({ tab: 'tickets', ...filters }, { replace: true });
  const auditFilters: StaffAuditFilters = filledFilters(staffAuditFilterKeys, search);
  const setAuditFilters = (filters: StaffAuditFilters) => setSearch({ tab: 'audit', ...filters }, { replace: true });
  const setQueueStatus = (next: ReviewQueueStatus) =>
    setSearch(next === 'pending' ? { tab: 'verifications' } : { tab: 'verifications', status: next }, { replace: true });

  if (session.isError) return <Navigate to="/admin/login" replace />;
  if (!signedIn) return <Spinner fullPage />;

  const signups = waitlist.data ?? [];
  const adminUsers = admins.data ?? [];
  return (
    <>
      <HeaderBar
        start={
          <Brand>
            <Logo />
            <AdminTag />
          </Brand>
        }
        end={
          <>
            <SignedInAs>{session.data.admin.username}</SignedInAs>
            <Button
              $variant="ghost"
              disabled={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/admin/login') })}
            >
              Logout
            </Button>
          </>
        }
      />
      <Main>
        <Cluster $gap={12} $justify="between">
          <h1>Admin Dashboard</h1>
          {staffMayUse(roles, 'smsTest') && (
            <ButtonLink to="/sms-test" $variant="secondary">
              SMS test panel
            </ButtonLink>
          )}
        </Cluster>
        <ResponsiveTabs<AdminTab>
          label="Admin sections"
          idPrefix="admin"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'waitlist' as const, label: `Waitlist (${signups.length})` },
            { id: 'admins' as const, label: `Admin Users (${adminUsers.length})` },
            { id: 'audit' as const, label: 'Audit log' },
            { id: 'verifications' as const, label: `Verifications (${pendingQueue.data?.pendingCount ?? 0})` },
            { id: 'tickets' as const, label: 'Tickets' },
            { id: 'rides' as const, label: 'Rides' },
            { id: 'bookings' as const, label: 'Bookings' },
            { id: 'members' as const, label: 'Members' },
            { id: 'payments' as const, label: 'Payments' },
            { id: 'messages' as const, label: 'Messages' },
          ].filter((entry) => visibleTabs.includes(entry.id))}
        />
        {visibleTabs.length === 0 ? (
          <p>Your account has no staff role yet. Ask an administrator to give you one.</p>
        ) : tab === 'waitlist' ? (
          <TabPanel idPrefix="admin" id="waitlist">
            <WaitlistPanel signups={signups} isLoading={waitlist.isPending} isError={waitlist.isError} />
          </TabPanel>
        ) : tab === 'admins' ? (
          <TabPanel idPrefix="admin" id="admins">
            <AdminUsersPanel admins={adminUsers} isLoading={admins.isPending} isError={admins.isError} signedInId={session.data.admin.id} />
          </TabPanel>
        ) : tab === 'audit' ? (
          <TabPanel idPrefix="admin" id="audit">
            <StaffAuditPanel filters={auditFilters} onFilters={setAuditFilters} admins={adminUsers} />
          </TabPanel>
        ) : tab === 'verifications' ? (
          <TabPanel idPrefix="admin" id="verifications">
            <VerificationQueuePanel status={queueStatus} onStatusChange={setQueueStatus} />
          </TabPanel>
        ) : tab === 'tickets' ? (
          <TabPanel idPrefix="admin" id="tickets">
            <TicketsQueuePanel filters={ticketFilters} onFilters={setTicketFilters} />
          </TabPanel>
        ) : tab === 'rides' ? (
          <TabPanel idPrefix="admin" id="rides">
            <RidesPanel filters={rideFilters} onFilters={setRideFilters} mayOpenBookings={staffMayUse(roles, 'bookings')} />
          </TabPanel>
        ) : tab === 'bookings' ? (
          <TabPanel idPrefix="admin" id="bookings">
            <BookingsPanel filters={bookingFilters} onFilters={setBookingFilters} />
          </TabPanel>
        ) : tab === 'members' ? (
          <TabPanel idPrefix="admin" id="members">
            <MemberSearchPanel search={memberSearch} onSearch={setMemberSearch} />
          </TabPanel>
        ) : tab === 'payments' ? (
          <TabPanel idPrefix="admin" id="payments">
            <PaymentsPanel filters={paymentFilters} onFilters={setPaymentFilters} adminName={(adminId) => adminUsers.find((admin) => admin.id === adminId)?.username ?? adminId} />
          </TabPanel>
        ) : (
          <TabPanel idPrefix="admin" id="messages">
            <MessageLogPanel />
          </TabPanel>
        )}
      </Main>
    </>
  );
}

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
`;

const SignedInAs = styled.span`
  display: none;
  color: ${({ theme }) => theme.color.muted};

  ${({ theme }) => theme.media.md} {
    display: inline;
  }
`;

const Main = styled(Container).attrs({ as: 'main' })`
  display: grid;
  /* minmax(0, 1fr): a wide table scrolls inside its box instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  padding-top: 24px;
  padding-bottom: 48px;

  h1 { font-size: 1.5rem; }
`;
