import { type RideDetails, rideMessages } from '@krom/contracts/http/rides';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { SubmitButton } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { DatePicker } from '@krom/ui-kit/date-picker.tsx';
import { FormField, inputStyles, TextField } from '@krom/ui-kit/text-field.tsx';
import { TimePicker } from '@krom/ui-kit/time-picker.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useValidatedForm } from '@krom/ui-kit/use-validated-form.ts';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { BookingModeChoice } from '../../../components/booking-mode-choice.tsx';
import { defaultPreferences } from '../../../components/ride-preference-field-texts.ts';
import { RidePreferencesFields } from '../../../components/ride-preferences-fields.tsx';
import { useUpdateRide } from '../api/update-ride.ts';
import { editRideValues, validateEditRide } from '../edit-ride-rules.ts';

const descriptionLimit = 500;
const digitsOnly = (typed: string) => typed.replace(/\D/g, '').slice(0, 1);
const cedis = (typed: string) => typed.replace(/[^\d.]/g, '');

/**
 * The ride's changeable details, filled from the ride. What the server refuses (the ride was
 * booked meanwhile, a price over the route's cap) stays on screen under the form, in its words:
 * a toast would be gone before it is read on a slow phone.
 */
export function EditRideForm({ ride, mayOfferWomenOnly }: { ride: RideDetails; mayOfferWomenOnly: boolean }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const update = useUpdateRide();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [bookingMode, setBookingMode] = useState(ride.bookingMode);
  // A ride posted before preferences were asked shows the defaults, sent only once the driver changes one.
  const [statement, setStatement] = useState({ preferences: ride.preferences ?? null, womenOnly: ride.womenOnly ?? false });
  const validate = useMemo(() => validateEditRide(ride), [ride]);
  const form = useValidatedForm({ initial: () => editRideValues(ride), validate });

  const onSubmit = form.onSubmit((changes) => {
    setRefusal(null);
    // Sent only when changed: the service refuses a new booking mode while a request waits under the old one.
    // Each sent only when changed: women-only is the service's to refuse once seats are booked.
    const preferences = statement.preferences && JSON.stringify(statement.preferences) !== JSON.stringify(ride.preferences ?? null) ? { preferences: statement.preferences } : {};
    const womenOnly = statement.womenOnly !== (ride.womenOnly ?? false) ? { womenOnly: statement.womenOnly } : {};
    update.mutate(
      { id: ride.id, changes: { ...changes, ...(bookingMode === ride.bookingMode ? {} : { bookingMode }), ...preferences, ...womenOnly } },
      {
        onSuccess: () => {
          toast({ title: 'Ride Updated', description: `Your ride from ${ride.fromCity} to ${ride.toCity} has been updated.` });
          navigate('/rides/as-driver');
        },
        onError: (error) => setRefusal(failureText(error, 'Failed to update ride. Please try again.')),
      },
    );
  });

  return (
    <>
      <header>
        <h1>Edit Ride</h1>
        <Lead>
          {ride.fromCity} → {ride.toCity}
        </Lead>
      </header>
      <Stack as="form" noValidate onSubmit={onSubmit} aria-label="Edit ride">
        <DatePicker
          id="departure-date"
          label="Departure date"
          value={form.values.departureDate}
          onChange={(date) => form.field('departureDate').onValueChange(date)}
          error={form.errors.departureDate}
        />
        <TimePicker
          id="departure-time"
          label="Departure time"
          value={form.values.departureTime}
          onChange={(time) => form.field('departureTime').onValueChange(time)}
          error={form.errors.departureTime}
        />
        <TextField
          label="Available seats"
          inputMode="numeric"
          autoComplete="off"
          hint={rideMessages.seatsHint(ride.totalSeats)}
          {...form.field('availableSeats', digitsOnly)}
        />
        <TextField label="Price per seat (GH₵)" inputMode="decimal" autoComplete="off" {...form.field('pricePerSeat', cedis)} />
        <FormField label="Description (optional)" error={form.errors.description}>
          {(control) => (
            <TextArea
              {...control}
              name="description"
              rows={4}
              maxLength={descriptionLimit}
              value={form.values.description}
              onChange={(event) => form.field('description').onValueChange(event.target.value)}
            />
          )}
        </FormField>
        <BookingModeChoice value={bookingMode} onChange={setBookingMode} />
        <RidePreferencesFields
          preferences={statement.preferences ?? defaultPreferences}
          womenOnly={statement.womenOnly}
          // A women-only ride shows the choice to its driver whatever their profile says now, so it can be opened to all.
          mayOfferWomenOnly={mayOfferWomenOnly || (ride.womenOnly ?? false)}
          onChange={setStatement}
        />
        {refusal ? <Refusal role="alert">{refusal}</Refusal> : null}
        <SubmitButton pending={update.isPending} pendingLabel="Saving...">
          Save Changes
        </SubmitButton>
        <ButtonLink to="/rides/as-driver" $variant="ghost" $block>
          Cancel
        </ButtonLink>
      </Stack>
    </>
  );
}

const Lead = styled.p`
  margin-top: 4px;
  color: ${({ theme }) => theme.color.muted};
  font-weight: 600;
`;

const TextArea = styled.textarea`
  ${inputStyles}
  resize: vertical;
  font-family: inherit;
`;

const Refusal = styled.p`
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
`;
