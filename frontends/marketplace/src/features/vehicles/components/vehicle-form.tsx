import {
  defaultVehicleSeats,
  maxVehicleSeats,
  maxVehicleYear,
  minVehicleSeats,
  minVehicleYear,
  type Vehicle,
  type VehicleInput,
  vehicleColors,
  vehicleInputSchema,
  vehicleMakes,
} from '@krom/contracts/http/vehicles';
import { Button, SubmitButton } from '@krom/ui-kit/button.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useValidatedForm, validateWith } from '@krom/ui-kit/use-validated-form.ts';
import { type ReactNode, useEffect } from 'react';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { vehicleTexts } from '../vehicle-texts.ts';

export type VehicleFormValues = { make: string; model: string; year: string; color: string; licensePlate: string; seats: string };
const fields = ['make', 'model', 'year', 'color', 'licensePlate', 'seats'] as const;

/** Checked with the contract's own rules and messages before anything is sent. */
const validate = validateWith<VehicleFormValues, VehicleInput>(vehicleInputSchema, fields);

/** A new vehicle's form: this year's model and the spec's default of 4 seats. */
export const newVehicleValues = (): VehicleFormValues => ({
  make: '',
  model: '',
  year: String(new Date().getUTCFullYear()),
  color: '',
  licensePlate: '',
  seats: String(defaultVehicleSeats),
});

export const valuesOf = (vehicle: Vehicle): VehicleFormValues => ({
  make: vehicle.make,
  model: vehicle.model,
  year: String(vehicle.year),
  color: vehicle.color,
  licensePlate: vehicle.licensePlate,
  seats: String(vehicle.seats),
});

const seatOptions = Array.from({ length: maxVehicleSeats - minVehicleSeats + 1 }, (_, index) => String(minVehicleSeats + index));

/** The add and edit form (the spec's fields: make and colour from its lists, model, year, plate, seats 2 to 8). */
export function VehicleForm({
  label,
  initial,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
  failure,
  afterPlate,
}: {
  label: string;
  initial: VehicleFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (vehicle: VehicleInput) => void;
  onCancel: () => void;
  /** The last failed save: a field it names (a plate already registered) is marked under the field. */
  failure?: unknown;
  /** Shown under the plate, given the plate as typed now (what to do about a refused plate). */
  afterPlate?: (plate: string) => ReactNode;
}) {
  const form = useValidatedForm({ initial, validate });
  const { showServerErrors } = form;
  // Only when a new failure arrives: the form's own functions change on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: showServerErrors is read at that moment.
  useEffect(() => {
    if (failure) showServerErrors(failure);
  }, [failure]);
  const plate = form.field('licensePlate', (typed) => typed.toUpperCase());

  return (
    <Stack as="form" noValidate onSubmit={form.onSubmit(onSubmit)} aria-label={label}>
      <Select label="Make" placeholder="Select a make" options={vehicleMakes} {...form.field('make')} />
      <TextField label="Model" placeholder="Corolla" autoComplete="off" maxLength={40} {...form.field('model')} />
      <Pair>
        <TextField
          label="Year"
          type="number"
          inputMode="numeric"
          min={minVehicleYear}
          max={maxVehicleYear()}
          step={1}
          {...form.field('year', (typed) => typed.replace(/\D/g, '').slice(0, 4))}
        />
        <Select label="Seats" options={seatOptions} {...form.field('seats')} />
      </Pair>
      <Select label="Colour" placeholder="Select a colour" options={vehicleColors} {...form.field('color')} />
      <TextField
        label="Licence Plate"
        placeholder="GR-1234-20"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={16}
        {...plate}
      />
      {afterPlate?.(plate.value)}
      <Actions>
        <Button $variant="secondary" $size="lg" onClick={onCancel} disabled={pending}>
          {vehicleTexts.cancel}
        </Button>
        <SubmitButton pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </Actions>
    </Stack>
  );
}

const Pair = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
  margin-top: 8px;

  button { padding: 0 12px; white-space: nowrap; }
`;
