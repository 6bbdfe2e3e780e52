import { defineForwarded } from '../endpoint.ts';
import {
  createPlateDisputeRoute,
  createVehicleRoute,
  deleteVehicleRoute,
  getVehicleRoute,
  listVehiclesRoute,
  updateVehicleRoute,
} from '../services/rides/vehicles.ts';

/** The signed-in user's vehicles (forwarded to the rides service as that user). */
export const getVehicles = defineForwarded(listVehiclesRoute, { summary: "The signed-in user's vehicles, newest first" });

export const getVehicle = defineForwarded(getVehicleRoute, { summary: 'One of the signed-in user’s vehicles (404 for anyone else’s)' });

export const createVehicle = defineForwarded(createVehicleRoute, {
  summary:
    'Registers a vehicle: 403 until the identity is verified, 409 past maxVehiclesPerMember or for a licence plate already on Krom (whose message says how to dispute it)',
});

export const updateVehicle = defineForwarded(updateVehicleRoute, { summary: 'Changes one of the signed-in user’s vehicles' });

export const deleteVehicle = defineForwarded(deleteVehicleRoute, {
  summary: 'Deletes one of the signed-in user’s vehicles; refused with 409 while it has upcoming rides',
});

export const createPlateDispute = defineForwarded(createPlateDisputeRoute, {
  summary: 'Disputes a licence plate registered to another member: staff see it in the admin area',
});
