import { defineEndpoint, errorResponses } from '../endpoint.ts';
import { deleteVehicleResponseSchema, plateDisputeInputSchema, plateDisputeSchema, vehicleInputSchema, vehicleListSchema, vehicleParams, vehicleSchema } from '../http/vehicles.ts';

/** The signed-in user's vehicles (forwarded to the rides service as that user). */
export const getVehicles = defineEndpoint({
  method: 'GET',
  path: '/api/vehicles',
  caller: 'user',
  summary: "The signed-in user's vehicles, newest first",
  responses: { 200: vehicleListSchema, ...errorResponses(401) },
});

export const getVehicle = defineEndpoint({
  method: 'GET',
  path: '/api/vehicles/:id',
  caller: 'user',
  summary: 'One of the signed-in user’s vehicles (404 for anyone else’s)',
  params: vehicleParams,
  responses: { 200: vehicleSchema, ...errorResponses(401, 404) },
});

export const createVehicle = defineEndpoint({
  method: 'POST',
  path: '/api/vehicles',
  caller: 'user',
  summary:
    'Registers a vehicle: 403 until the identity is verified, 409 past maxVehiclesPerMember or for a licence plate already on Krom (whose message says how to dispute it)',
  body: vehicleInputSchema,
  responses: { 201: vehicleSchema, ...errorResponses(400, 401, 403, 409) },
});

export const updateVehicle = defineEndpoint({
  method: 'PUT',
  path: '/api/vehicles/:id',
  caller: 'user',
  summary: 'Changes one of the signed-in user’s vehicles',
  params: vehicleParams,
  body: vehicleInputSchema,
  responses: { 200: vehicleSchema, ...errorResponses(400, 401, 404, 409) },
});

export const deleteVehicle = defineEndpoint({
  method: 'DELETE',
  path: '/api/vehicles/:id',
  caller: 'user',
  summary: 'Deletes one of the signed-in user’s vehicles; refused with 409 while it has upcoming rides',
  params: vehicleParams,
  responses: { 200: deleteVehicleResponseSchema, ...errorResponses(401, 404, 409) },
});

export const createPlateDispute = defineEndpoint({
  method: 'POST',
  path: '/api/vehicles/plate-disputes',
  caller: 'user',
  summary: 'Disputes a licence plate registered to another member: staff see it in the admin area',
  body: plateDisputeInputSchema,
  responses: { 201: plateDisputeSchema, ...errorResponses(400, 401, 403) },
});
