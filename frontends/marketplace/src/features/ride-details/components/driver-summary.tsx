import type { RideDetails } from '@krom/contracts/http/rides';
import { Avatar } from '@krom/ui-kit/avatar.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { VerifiedBadge } from '../../../components/ride-card.tsx';
import { reviewCountText } from '../../../lib/rating-text.ts';

/**
 * The driver as riders judge them: photo or initials, name, verification and rating. A driver
 * without reviews is new, never given a made-up rating (the spec's old 4.8 fallback is not used).
 */
export function DriverSummary({ ride }: { ride: RideDetails }) {
  const profilePath = `/driver-profile/${ride.driverId}`;
  const completed = ride.driverRidesCompleted;
  return (
    <Card aria-labelledby="ride-driver-title">
      <h2 id="ride-driver-title">Driver</h2>
      <Row>
        <Avatar name={ride.driverName} photoUrl={ride.driverPhotoUrl} size={56} />
        <div>
          <NameLine>
            <strong>{ride.driverName}</strong>
            {ride.driverVerified ? <VerifiedBadge label="Verified driver" /> : null}
          </NameLine>
          {ride.driverRating === null || ride.driverReviewCount === 0 ? (
            <Rating>
              <strong>New driver</strong> · No ratings yet
            </Rating>
          ) : (
            <Rating>
              <Star aria-hidden="true">★ </Star>
              <strong>{ride.driverRating.toFixed(1)}</strong> out of 5
              {ride.driverReviewCount === undefined ? null : ` · ${reviewCountText(ride.driverReviewCount)}`}
            </Rating>
          )}
          <Rating>
            {completed} ride{completed === 1 ? '' : 's'} completed
          </Rating>
        </div>
      </Row>
      {screenExists(profilePath) ? <ProfileLink to={profilePath}>View driver profile</ProfileLink> : null}
    </Card>
  );
}

const Card = styled.section`
  display: grid;
  gap: 12px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};

  h2 { font-size: 1.125rem; }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;

  > div { display: grid; gap: 2px; min-width: 0; }
`;

const NameLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;

  strong { font-size: 1.0625rem; overflow-wrap: anywhere; }
`;

const Rating = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};

  strong { color: ${({ theme }) => theme.color.text}; font-weight: 600; }
`;

const Star = styled.span`
  color: ${({ theme }) => theme.color.star};
`;

const ProfileLink = styled(Link)`
  justify-self: start;
  font-weight: 600;
`;
