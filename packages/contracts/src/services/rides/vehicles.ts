import { defineEndpoint, errorResponses } from '../../endpoint.ts';
import {
  deleteVehicleResponseSchema,
  plateDisputeInputSchema,
  plateDisputeSchema,
  staffPlateDisputeListSchema,
  vehicleInputSchema,
  vehicleListSchema,
  vehicleParams,
  vehicleSchema,
} from '../../http/vehicles.ts';

/** The rides service's vehicle routes; each acts on the asserted user's own vehicles only. */
export const listVehiclesRoute = defineEndpoint({
  method: 'GET',
  path: '/vehicles',
  caller: 'user',
  summary: "The asserted user's vehicles, newest first",
  responses: { 200: vehicleListSchema, ...errorResponses(401) },
});
export const getVehicleRoute = defineEndpoint({
  method: 'GET',
  path: '/vehicles/:id',
  caller: 'user',
  summary: "One of the asserted user's vehicles",
  params: vehicleParams,
  responses: { 200: vehicleSchema, ...errorResponses(401, 404) },
});
export const createVehicleRoute = defineEndpoint({
  method: 'POST',
  path: '/vehicles',
  caller: 'user',
  summary: 'Registers a vehicle for the asserted user (identity verified; at most maxVehiclesPerMember)',
  body: vehicleInputSchema,
  responses: { 201: vehicleSchema, ...errorResponses(400, 401, 403, 409) },
});
export const updateVehicleRoute = defineEndpoint({
  method: 'PUT',
  path: '/vehicles/:id',
  caller: 'user',
  summary: "Changes one of the asserted user's vehicles",
  params: vehicleParams,
  body: vehicleInputSchema,
  responses: { 200: vehicleSchema, ...errorResponses(400, 401, 404, 409) },
});
export const deleteVehicleRoute = defineEndpoint({
  method: 'DELETE',
  path: '/vehicles/:id',
  caller: 'user',
  summary: "Deletes one of the asserted user's vehicles unless it has upcoming rides",
  params: vehicleParams,
  responses: { 200: deleteVehicleResponseSchema, ...errorResponses(401, 404, 409) },
});

export const createPlateDisputeRoute = defineEndpoint({
  method: 'POST',
  path: '/vehicles/plate-disputes',
  caller: 'user',
  summary: 'The asserted user (identity verified) disputes a plate registered to another member; one open dispute per plate and member',
  body: plateDisputeInputSchema,
  responses: { 201: plateDisputeSchema, ...errorResponses(400, 401, 403) },
});

/** Asserted staff only. */
export const listPlateDisputesRoute = defineEndpoint({
  method: 'GET',
  path: '/staff/plate-disputes',
  caller: 'staff',
  roles: ['trust_safety'],
  summary: 'Plate disputes, open first, newest first (at most 100)',
  responses: { 200: staffPlateDisputeListSchema, ...errorResponses(401) },
});
