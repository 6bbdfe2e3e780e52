import { rideRequestMessages } from '@krom/contracts/http/ride-request-values';

/**
 * The ride request screens' texts: the spec's exactly ("Ride request modal", section 5 and the
 * error catalogue, kept in the contract's rideRequestMessages), the rest Krom's own.
 */
export const rideRequestTexts = {
  title: 'Request a Ride',
  lead: "Tell us the trip you need. We'll let you know when a driver posts a matching ride.",
  from: 'From',
  fromPlaceholder: 'Choose departure',
  to: 'To',
  toPlaceholder: 'Choose destination',
  preferredDate: 'Preferred Date (optional)',
  passengers: 'Passengers',
  maxPrice: 'Max Price per Seat (GH₵, optional)',
  maxPricePlaceholder: 'Any price',
  notes: 'Notes (optional)',
  notesPlaceholder: 'Luggage, where you can be picked up, anything a driver should know',
  notifyLegend: 'When a matching ride is posted',
  notifyByEmail: 'Notify me by e-mail',
  notifyBySMS: 'Notify me by SMS',
  submit: 'Create Request',
  submitting: 'Creating Request...',
  close: 'Close',
  missingTitle: rideRequestMessages.missingLocationsTitle,
  missing: rideRequestMessages.missingLocations,
  created: rideRequestMessages.created,
  failedTitle: 'Error',
  failed: rideRequestMessages.failed,

  listTitle: 'Ride requests',
  listLead: 'Routes you asked to hear about when no ride matched.',
  loadFailed: 'Your ride requests could not be loaded.',
  emptyTitle: 'No ride requests',
  emptyText: 'When a search finds no ride, request one there and it will show here.',
  anyDate: 'Any date',
  matchesTitle: 'Matching rides',
  noMatches: "No matching ride yet. We'll tell you when one is posted.",
  cancel: 'Cancel Request',
  cancelTitle: 'Cancel this ride request?',
  cancelQuestion: (route: string) => `${route}. You will no longer hear about rides matching it.`,
  keep: 'Keep Request',
  cancelling: 'Cancelling...',
  cancelled: 'Ride Request Cancelled',
  cancelledText: (route: string) => `You will no longer hear about rides for ${route}.`,
  cancelFailedTitle: 'Error',
  cancelFailed: 'Failed to cancel ride request. Please try again.',
} as const;
