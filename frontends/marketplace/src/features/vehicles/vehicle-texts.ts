

/** The vehicle screens' texts: the spec's exactly (Vehicle management, error catalogue), the rest Krom's own. */
export const vehicleTexts = {
  listTitle: 'My Vehicles',
  backToDashboard: 'Back to Dashboard',
  addVehicle: 'Add Vehicle',
  emptyTitle: 'No vehicles registered',
  emptyText: 'Add your first vehicle to start posting rides and earning money.',
  addFirst: 'Add Your First Vehicle',
  active: 'Active',
  loadFailed: 'Your vehicles could not be loaded.',
  tryAgain: 'Try again',
  deleteConfirm: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
  deleteTitle: 'Delete vehicle?',
  deleted: 'Vehicle Deleted',
  deletedText: 'Your vehicle has been removed successfully.',
  deleteFailed: 'Error Deleting Vehicle',
  deleteFailedText: 'Failed to delete vehicle. Please try again.',

  addTitle: 'Add a Vehicle',
  addLead: 'Tell passengers what they will ride in. You need a vehicle on Krom before you can post a ride.',
  added: 'Vehicle Added Successfully',
  addedText: 'Your vehicle has been added to your account. You can now create rides!',
  addFailed: 'Error Adding Vehicle',
  addFailedText: 'Failed to add vehicle. Please try again.',
  adding: 'Adding Vehicle...',
  disputePlate: 'Dispute this plate',
  disputing: 'Sending...',
  disputeSent: 'Dispute sent. Our team will look into it and contact you.',
  disputeFailed: 'Error Sending Dispute',
  disputeFailedText: 'Failed to send the dispute. Please try again.',

  editTitle: 'Edit Vehicle',
  editLead: 'Keep your vehicle details up to date so passengers can find you at pickup.',
  updated: 'Vehicle Updated',
  updatedText: 'Your vehicle details have been saved.',
  updateFailed: 'Error Updating Vehicle',
  updateFailedText: 'Failed to update vehicle. Please try again.',
  saving: 'Saving...',
  save: 'Save Changes',
  notFoundText: 'This vehicle is not on your account. It may have been deleted.',
  backToVehicles: 'Back to My Vehicles',
  cancel: 'Cancel',
} as const;

/** A seat count in words: "1 seat", "4 seats". */
export const seatCount = (seats: number) => `${seats} seat${seats === 1 ? '' : 's'}`;
