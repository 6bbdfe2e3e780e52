/** What other features may use of the driver profile: its query (the stats screen reads a driver's figures from it). */
export { useDriverProfile } from './api/get-driver-profile.ts';
