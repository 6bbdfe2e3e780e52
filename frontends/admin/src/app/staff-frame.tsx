import { HeaderBar } from '@krom/ui-kit/header-bar.tsx';
import { Logo } from '@krom/ui-kit/logo.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { Link, Navigate, Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { useAdminSession } from '../features/admin-auth/api/get-admin-session.ts';
import { AdminTag } from '../lib/admin-tag.tsx';

/**
 * The layout of staff screens other than the dashboard (a submission, the SMS test panel): the
 * session is checked on every visit as /admin does, and without one the visitor goes to the login.
 */
export function StaffFrame() {
  const session = useAdminSession();
  if (session.isError) return <Navigate to="/admin/login" replace />;
  if (!session.isSuccess) return <Spinner fullPage />;
  return (
    <>
      <HeaderBar
        start={
          <Brand to="/admin" aria-label="Admin dashboard">
            <Logo />
            <AdminTag />
          </Brand>
        }
        end={<SignedInAs>{session.data.admin.username}</SignedInAs>}
      />
      <Outlet />
    </>
  );
}

const Brand = styled(Link)`
  display: flex;
  align-items: center;
  gap: 10px;
  text-decoration: none;
`;


const SignedInAs = styled.span`
  max-width: 45vw;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.color.muted};
`;
