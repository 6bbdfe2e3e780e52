import { Button } from '@krom/ui-kit/button.tsx';
import { Container } from '@krom/ui-kit/container.tsx';
import { HeaderBar } from '@krom/ui-kit/header-bar.tsx';
import { Logo } from '@krom/ui-kit/logo.tsx';
import { ResponsiveTabs, TabPanel } from '@krom/ui-kit/responsive-tabs.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAdminSession } from '../features/admin-auth/api/get-admin-session.ts';
import { useLogoutAdmin } from '../features/admin-auth/api/logout-admin.ts';
import { useAdminUsers } from '../features/admin-users/api/get-admin-users.ts';
import { AdminUsersPanel } from '../features/admin-users/components/admin-users-panel.tsx';
import { useWaitlistSignups } from '../features/waitlist/api/get-waitlist-signups.ts';
import { WaitlistPanel } from '../features/waitlist/components/waitlist-panel.tsx';

type AdminTab = 'waitlist' | 'admins';

/** /admin: the staff dashboard. The session is checked on every visit; without one, back to login. */
export function AdminHomePage() {
  const session = useAdminSession();
  const signedIn = session.isSuccess;
  const waitlist = useWaitlistSignups({ enabled: signedIn });
  const admins = useAdminUsers({ enabled: signedIn });
  const logout = useLogoutAdmin();
  const navigate = useNavigate();
  const [tab, setTab] = useState<AdminTab>('waitlist');

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
            <Tag>Admin</Tag>
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
        <h1>Admin Dashboard</h1>
        <ResponsiveTabs<AdminTab>
          label="Admin sections"
          idPrefix="admin"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'waitlist', label: `Waitlist (${signups.length})` },
            { id: 'admins', label: `Admin Users (${adminUsers.length})` },
          ]}
        />
        {tab === 'waitlist' ? (
          <TabPanel idPrefix="admin" id="waitlist">
            <WaitlistPanel signups={signups} isLoading={waitlist.isPending} isError={waitlist.isError} />
          </TabPanel>
        ) : (
          <TabPanel idPrefix="admin" id="admins">
            <AdminUsersPanel admins={adminUsers} isLoading={admins.isPending} isError={admins.isError} />
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

const Tag = styled.span`
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
  font-size: 0.8125rem;
  font-weight: 700;
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
