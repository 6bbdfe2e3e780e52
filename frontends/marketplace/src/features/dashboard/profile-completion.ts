import type { User } from '@krom/contracts/http/auth';

export type CompletionState = 'done' | 'pending' | 'todo';

export type CompletionStep = {
  id: 'basic-profile' | 'id-verification' | 'driver-verification' | 'vehicle';
  title: string;
  state: CompletionState;
  detail: string;
  link: { to: string; label: string };
};

function verificationStep(status: string): { state: CompletionState; detail: string } {
  if (status === 'approved') return { state: 'done', detail: 'Verified' };
  if (status === 'pending') return { state: 'pending', detail: 'Pending Approval' };
  if (status === 'rejected') return { state: 'todo', detail: 'Verification Failed' };
  return { state: 'todo', detail: 'Not Verified' };
}

/**
 * The dashboard's profile badges: from the signed-in user as the server sent it, and the number
 * of vehicles they have registered (GET /api/vehicles).
 */
export function profileCompletion(user: User, vehicleCount: number): CompletionStep[] {
  const basicDone = Boolean(user.profileImageUrl && user.emergencyContactName && user.emergencyContactPhone);
  const identity = verificationStep(user.verificationStatus);
  const driver = verificationStep(user.driverVerificationStatus);
  return [
    {
      id: 'basic-profile',
      title: 'Basic Profile',
      state: basicDone ? 'done' : 'todo',
      detail: basicDone ? 'Photo and emergency contact added' : 'Add a photo and an emergency contact',
      link: { to: '/profile', label: 'Edit Profile' },
    },
    {
      id: 'id-verification',
      title: 'ID Verification',
      ...identity,
      link: { to: '/verify-identity', label: identity.state === 'todo' ? 'Verify Now' : 'View Verification' },
    },
    {
      id: 'driver-verification',
      title: 'Driver Verification',
      ...driver,
      link: { to: '/driver-verification', label: driver.state === 'todo' ? 'Verify as a Driver' : 'View Verification' },
    },
    vehicleCount > 0
      ? {
          id: 'vehicle',
          title: 'Vehicle Added',
          state: 'done',
          detail: `${vehicleCount} vehicle${vehicleCount === 1 ? '' : 's'} registered`,
          link: { to: '/manage-vehicles', label: 'Manage Vehicles' },
        }
      : {
          id: 'vehicle',
          title: 'Vehicle Added',
          state: 'todo',
          detail: 'Add the car you drive to post rides',
          link: { to: '/add-vehicle', label: 'Add a Vehicle' },
        },
  ];
}
