import { DriverProfilePage } from '../features/driver-profile/components/driver-profile-page.tsx';
import { LatestReviews } from '../features/reviews/components/latest-reviews.tsx';

/** /driver-profile and /driver-profile/{id}: a driver's profile, with their latest reviews (features/reviews). */
export function DriverProfileRoute() {
  return <DriverProfilePage latestReviews={(driverId, viewer) => <LatestReviews memberId={driverId} viewer={viewer} />} />;
}
