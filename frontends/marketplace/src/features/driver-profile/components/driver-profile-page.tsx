import type { User } from '@krom/contracts/http/auth';
import { statusOf } from '@krom/ui-kit/api-request.ts';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { MemberSafetyActions } from '../../../components/member-safety-actions.tsx';
import { PageColumn, SignedInPage } from '../../../components/page-layout.tsx';
import { PublicPage } from '../../../components/public-page.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useDriverProfile } from '../api/get-driver-profile.ts';
import { BlockedDriverNotice } from './blocked-driver-notice.tsx';
import { DriverNotFound } from './driver-not-found.tsx';
import { DriverProfileView } from './driver-profile-view.tsx';
import { OwnProfileNotes } from './own-profile-notes.tsx';

/** A driver's latest reviews, which the app puts in from the reviews feature. */
type LatestReviews = ((driverId: string, viewer: User | null) => ReactNode) | undefined;

/**
 * /driver-profile/{id}: a driver's public profile from GET /api/drivers/{id}, open to guests
 * (under the logo header; a signed-in visitor keeps their frame and menu).
 * /driver-profile: the signed-in user's own, as passengers see it, with where to change it.
 */
export function DriverProfilePage({ latestReviews }: { latestReviews?: LatestReviews }) {
  const { id } = useParams();
  if (id) return <PublicPage>{(viewer) => <DriverProfile id={id} viewer={viewer} latestReviews={latestReviews} />}</PublicPage>;
  return <SignedInPage>{(user) => <DriverProfile id={user.id} viewer={user} latestReviews={latestReviews} />}</SignedInPage>;
}

function DriverProfile({ id, viewer, latestReviews }: { id: string; viewer: User | null; latestReviews: LatestReviews }) {
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
    const name = lastName ? `${firstName} ${lastName}` : firstName;
    const safety = profile.data.blockedByYou ? (
      <BlockedDriverNotice memberId={id} name={name} />
    ) : viewer && !own ? (
      <MemberSafetyActions memberId={id} name={name} memberRole="driver" from={{ source: 'profile' }} />
    ) : null;
    content = (
      <DriverProfileView
        profile={profile.data}
        ownNotes={own && viewer ? <OwnProfileNotes user={viewer} /> : safety}
        own={own}
        latestReviews={latestReviews?.(profile.data.id, viewer)}
      />
    );
  }
  return <PageColumn>{content}</PageColumn>;
}
