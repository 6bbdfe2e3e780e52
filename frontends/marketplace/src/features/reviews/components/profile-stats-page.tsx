import type { User } from '@krom/contracts/http/auth';
import type { DriverProfile } from '@krom/contracts/http/rides';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { Cluster } from '@krom/ui-kit/layout.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PageColumn, PageLead, PageSection, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useDriverProfile } from '../../driver-profile/index.ts';
import { useMemberReviews } from '../api/reviews.ts';
import { averageText, reviewTexts } from '../review-texts.ts';

/** The stats screen's texts (Krom's own: the spec links /edit-profile-stats from the edit view without showing it). */
export const profileStatsTexts = {
  title: 'Your profile stats',
  lead: 'Krom works these figures out from your trips and reviews. Nobody can edit them, you included, so members can trust them.',
  loadFailed: 'Your stats could not be loaded.',
  completionRate: 'Completion rate',
  completionRateNote: 'Rides you completed out of those you completed or cancelled. Every ride you cancel counts against it.',
  keptRate: 'Rides with passengers you kept',
  keptRateNote: 'Of your rides that had passengers booked, the share you did not cancel.',
  ridesCompleted: 'Rides completed',
  ridesPosted: 'Rides posted',
  notYet: 'Not yet: it starts with your first completed or cancelled ride.',
  allReviews: 'See All Reviews',
  driverProfile: 'View Driver Profile',
  wrong: 'Something looks wrong? Tell us and staff will look into it.',
  contactSupport: 'Contact Support',
} as const;

const percent = (value: number | null | undefined) => (value === null || value === undefined ? null : `${Math.round(value)}%`);

/**
 * /edit-profile-stats: the signed-in member's own figures as others see them — their ratings as a
 * passenger and a driver, and for a driver the completion rate and rides completed — with how each
 * is worked out. Figures are earned, not edited: the screen says so and where to go if one is wrong.
 */
export function ProfileStatsPage() {
  return <SignedInPage>{(user) => <ProfileStats user={user} />}</SignedInPage>;
}

function ProfileStats({ user }: { user: User }) {
  const driver = user.isDriver || user.driverVerificationStatus === 'approved';
  const reviews = useMemberReviews(user.id);
  const averages = reviews.data?.pages[0];
  return (
    <PageColumn>
      <div>
        <PageTitle>{profileStatsTexts.title}</PageTitle>
        <PageLead>{profileStatsTexts.lead}</PageLead>
      </div>
      {reviews.isPending ? <Spinner /> : null}
      {reviews.isError ? <QueryFailure message={profileStatsTexts.loadFailed} onRetry={() => void reviews.refetch()} /> : null}
      {averages ? (
        <PageSection title={reviewTexts.asPassenger}>
          <Figures>
            <Figure term="Rating" value={averageText(averages.asPassenger)} />
          </Figures>
        </PageSection>
      ) : null}
      {driver ? <DriverStats userId={user.id} rating={averages ? averageText(averages.asDriver) : null} /> : null}
      <Cluster $gap={8}>
        {screenExists('/all-reviews') ? (
          <ButtonLink to="/all-reviews" $variant="secondary">
            {profileStatsTexts.allReviews}
          </ButtonLink>
        ) : null}
        {driver && screenExists('/driver-profile') ? (
          <ButtonLink to="/driver-profile" $variant="secondary">
            {profileStatsTexts.driverProfile}
          </ButtonLink>
        ) : null}
      </Cluster>
      <p>
        {profileStatsTexts.wrong} <Link to="/support">{profileStatsTexts.contactSupport}</Link>
      </p>
    </PageColumn>
  );
}

function DriverStats({ userId, rating }: { userId: string; rating: string | null }) {
  const profile = useDriverProfile(userId);
  return (
    <PageSection title={reviewTexts.asDriver}>
      {profile.isPending ? <Spinner /> : null}
      {profile.isError ? <QueryFailure message={profileStatsTexts.loadFailed} onRetry={() => void profile.refetch()} /> : null}
      {profile.data ? <DriverFigures profile={profile.data} rating={rating} /> : null}
    </PageSection>
  );
}

function DriverFigures({ profile, rating }: { profile: DriverProfile; rating: string | null }) {
  const kept = percent(profile.bookedRidesKeptRate);
  return (
    <Figures>
      {rating ? <Figure term="Rating" value={rating} /> : null}
      <Figure term={profileStatsTexts.completionRate} value={percent(profile.completionRate) ?? profileStatsTexts.notYet} note={profileStatsTexts.completionRateNote} />
      {kept ? <Figure term={profileStatsTexts.keptRate} value={kept} note={profileStatsTexts.keptRateNote} /> : null}
      <Figure term={profileStatsTexts.ridesCompleted} value={String(profile.ridesCompleted)} />
      <Figure term={profileStatsTexts.ridesPosted} value={String(profile.ridesPosted)} />
    </Figures>
  );
}

function Figure({ term, value, note }: { term: string; value: string; note?: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>
        <strong>{value}</strong>
        {note ? <Note>{note}</Note> : null}
      </dd>
    </div>
  );
}

const Figures = styled.dl`
  display: grid;
  gap: 8px;
  margin: 0;

  > div {
    display: grid;
    gap: 2px;
    padding: 12px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }
  dt { color: ${({ theme }) => theme.color.muted}; font-size: 0.875rem; }
  dd { margin: 0; display: grid; gap: 2px; }
`;

const Note = styled.span`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.muted};
`;
