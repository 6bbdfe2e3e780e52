import type { User } from '@krom/contracts/http/auth';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useVehicles } from '../../../lib/api/vehicles.ts';
import { ProfileCompletionList } from './profile-completion-list.tsx';

/** The Profile tab: its vehicle badge counts the user's registered vehicles, read when the tab is opened. */
export function ProfileTab({ user }: { user: User }) {
  const vehicles = useVehicles();
  if (vehicles.isPending) return <Spinner />;
  if (vehicles.isError) return <QueryFailure message="Your profile progress could not be loaded." onRetry={() => void vehicles.refetch()} />;
  return <ProfileCompletionList user={user} vehicleCount={vehicles.data.length} />;
}
