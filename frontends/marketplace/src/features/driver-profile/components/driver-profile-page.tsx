import type { User } from '@krom/contracts/http/auth';
import { statusOf } from '@krom/ui-kit/api-request.ts';
import { Container } from '@krom/ui-kit/container.tsx';
import { useAuth } from '@krom/ui-kit/current-user.ts';
import { LogoHeader } from '@krom/ui-kit/logo-header.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { MemberSafetyActions } from '../../../components/member-safety-actions.tsx';
import { PageColumn, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useDriverProfile } from '../api/get-driver-profile.ts';
import { DriverNotFound } from './driver-not-found.tsx';
import { DriverProfileView } from './driver-profile-view.tsx';
import { OwnProfileNotes } from './own-profile-notes.tsx';

/**
 * /driver-profile/{id}: a driver's public profile from GET /api/drivers/{id}, open to guests.
 * /driver-profile: the signed-in user's own, as passengers see it, with where to change it.
 */
export function DriverProfilePage() {
  const { id } = useParams();
  if (id) return <PublicProfile id={id} />;
  return (
    <SignedInPage>{(user) => <DriverProfile id={user.id} viewer={user} />}</SignedInPage>
  );
}

/** Guests see it under the logo header; a signed-in visitor keeps their frame and menu. */
function PublicProfile({ id }: { id: string }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner fullPage />;
  if (!user) {
    return (
      <>
        <LogoHeader login />
        <Main as="main">
          <DriverProfile id={id} viewer={null} />
        </Main>
      </>
    );
  }
  return (
    <SignedInFrame user={user}>
      <DriverProfile id={id} viewer={user} />
    </SignedInFrame>
  );
}

function DriverProfile({ id, viewer }: { id: string; viewer: User | null }) {
  const profile = useDriverProfile(id);
  const own = viewer?.id === id;
  let content: ReactNode;
  if (profile.isPending) content = <Spinner />;
  else if (profile.isError) {
    content =
      statusOf(profile.error) === 404 ? (
        <DriverNotFound own={own} />
      ) : (
        <QueryFailure message="This driver profile could not be loaded." onRetry={() => void profile.refetch()} />
      );
  } else {
    const { firstName, lastName } = profile.data;
    // A signed-in member may block or report the driver (a guest has no account to act from).
    const safety = viewer && !own ? <MemberSafetyActions memberId={id} name={`${firstName} ${lastName}`} memberRole="driver" from={{ source: 'profile' }} /> : null;
    content = <DriverProfileView profile={profile.data} ownNotes={own && viewer ? <OwnProfileNotes user={viewer} /> : safety} />;
  }
  return <PageColumn>{content}</PageColumn>;
}

const Main = styled(Container)`
  padding-top: 20px;
  padding-bottom: 48px;
`;

