import { availableSeatsProblem, maxRideSeats, passengerSeatsOf, type PriceGuide, priceField, rideMessages } from '@krom/contracts/http/rides';
import type { Vehicle } from '@krom/contracts/http/vehicles';
import { formatCedis, toPesewas } from '@krom/contracts/money';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useVehicles } from '../../../lib/api/vehicles.ts';
import { usePriceGuide } from '../api/get-price-guide.ts';
import { defaultPreferences, routePoints } from '../assemble-ride.ts';
import { draftLegPrices, legPriceProblems, legRows, routePlaceNames } from '../legs.ts';
import { BookingModeChoice, ChoiceOption, ChoiceSet } from '../../../components/booking-mode-choice.tsx';
import { LegPricesFields } from './leg-prices-fields.tsx';
import { RidePreferencesFields } from '../../../components/ride-preferences-fields.tsx';
import { type DraftVehicle, type RouteDraft, readDraft, type SeatsPriceDraft, useDraft } from '../ride-draft.ts';
import { wizardTexts } from '../wizard-texts.ts';
import { StepAlert } from './step-alert.tsx';
import { StepForm, StepNavigation, WizardScreen } from './wizard-screen.tsx';
import { FactsLine, LicencePlate } from '../../../components/licence-plate.tsx';

/** /create-ride-seats-price, step 3: the vehicle, the seats offered, the price per seat and, with stops, the prices of its legs. */
export function SeatsPriceStepPage() {
  return (
    <WizardScreen step={3} title={wizardTexts.seatsPriceTitle} lead={wizardTexts.seatsPriceLead}>
      {(user) => <SeatsPriceStep userId={user.id} mayOfferWomenOnly={user.gender === 'woman'} />}
    </WizardScreen>
  );
}

/** The spec: at most the vehicle's seats minus the driver's own, and 8 while no vehicle is chosen. */
export const maxSeatsFor = (vehicle: Pick<Vehicle, 'seats'> | undefined) => (vehicle ? passengerSeatsOf(vehicle.seats) : maxRideSeats);

const snapshot = ({ id, year, make, model, licensePlate, seats }: Vehicle): DraftVehicle => ({ id, year, make, model, licensePlate, seats });

function SeatsPriceStep({ userId, mayOfferWomenOnly }: { userId: string; mayOfferWomenOnly: boolean }) {
  const [route] = useState(() => readDraft(userId, 'route'));
  // The steps go in order: the price guide needs the route.
  if (!route?.departure || !route.destination) return <Navigate to="/create-ride" replace />;
  return <SeatsPriceForm userId={userId} route={route} mayOfferWomenOnly={mayOfferWomenOnly} />;
}

type FieldProblems = { seats?: string | undefined; price?: string | undefined };

function SeatsPriceForm({ userId, route, mayOfferWomenOnly }: { userId: string; route: RouteDraft; mayOfferWomenOnly: boolean }) {
  const navigate = useNavigate();
  const vehicles = useVehicles();
  const [points] = useState(() => routePoints(route));
  const guide = usePriceGuide(points);
  const [draft, setDraft] = useDraft(userId, 'seatsPrice');
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldProblems, setFieldProblems] = useState<FieldProblems>({});
  const [legProblems, setLegProblems] = useState<Record<string, string>>({});

  if (vehicles.isPending) return <Spinner />;
  if (vehicles.isError) {
    return <QueryFailure message={wizardTexts.vehiclesFailed} onRetry={() => vehicles.refetch()} />;
  }
  if (vehicles.data.length === 0) {
    return (
      <Stack $gap={12}>
        <p>{wizardTexts.noVehicles}</p>
        <div>
          <ButtonLink to="/add-vehicle?next=/create-ride">{wizardTexts.addVehicle}</ButtonLink>
        </div>
      </Stack>
    );
  }

  // The vehicle chosen before, if still on the account; with only one vehicle there is nothing to choose.
  const selected = vehicles.data.find((vehicle) => vehicle.id === draft.selectedVehicle?.id) ?? (vehicles.data.length === 1 ? vehicles.data[0] : undefined);
  const maxSeats = maxSeatsFor(selected);
  const legs = legRows(route, draft.pricePerSeat);
  const legPrices = draftLegPrices(route, draft);
  const setLegPrice = (key: string, price: string) => {
    edit({ ...draft, legPrices: { places: routePlaceNames(route), prices: { ...legPrices, [key]: price } } });
    setLegProblems(({ [key]: _fixed, ...others }) => others);
  };

  const edit = (next: SeatsPriceDraft, field?: keyof FieldProblems) => {
    setDraft(next);
    setProblem(null);
    if (field) setFieldProblems((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const seatsText = draft.availableSeats.trim();
    const priceText = draft.pricePerSeat.trim();
    if (!selected || !seatsText || !priceText) {
      setProblem(wizardTexts.seatsPriceMissing);
      return;
    }
    const found = checkSeatsAndPrice(seatsText, priceText, maxSeats, guide.data);
    const legsFound = legPriceProblems(legs, legPrices, guide.data?.maxPricePerSeat);
    setFieldProblems(found);
    setLegProblems(legsFound);
    if (found.seats || found.price || Object.keys(legsFound).length > 0) return;
    const typed = Object.fromEntries(Object.entries(legPrices).filter(([, price]) => price.trim() !== ''));
    setDraft({
      selectedVehicle: snapshot(selected),
      availableSeats: String(Number(seatsText)),
      pricePerSeat: priceText,
      bookingMode: draft.bookingMode ?? 'instant',
      preferences: draft.preferences ?? defaultPreferences,
      // Only a member who may offer it keeps it (her profile may have changed since the draft was written).
      womenOnly: mayOfferWomenOnly && (draft.womenOnly ?? false),
      ...(Object.keys(typed).length > 0 ? { legPrices: { places: routePlaceNames(route), prices: typed } } : {}),
    });
    navigate('/create-ride-review');
  };

  return (
    <StepForm noValidate onSubmit={onSubmit} aria-label={wizardTexts.seatsPriceTitle}>
      <ChoiceSet>
        <legend>{wizardTexts.vehicle}</legend>
        {vehicles.data.map((vehicle) => (
          <ChoiceOption key={vehicle.id}>
            <input
              type="radio"
              name="vehicle"
              value={vehicle.id}
              checked={vehicle.id === selected?.id}
              onChange={() => edit({ ...draft, selectedVehicle: snapshot(vehicle) }, 'seats')}
            />
            <span>
              <strong>
                {vehicle.year} {vehicle.make} {vehicle.model}
              </strong>
              <small>
                <FactsLine parts={[vehicle.licensePlate && <LicencePlate>{vehicle.licensePlate}</LicencePlate>, vehicle.color, `${vehicle.seats} seats`]} />
              </small>
            </span>
          </ChoiceOption>
        ))}
      </ChoiceSet>
      <TextField
        label={wizardTexts.seats}
        type="number"
        inputMode="numeric"
        min={1}
        max={maxSeats}
        step={1}
        hint={selected ? rideMessages.seatsHint(maxSeats) : undefined}
        error={fieldProblems.seats}
        value={draft.availableSeats}
        onValueChange={(availableSeats) => edit({ ...draft, availableSeats }, 'seats')}
      />
      <div>
        <TextField
          label={wizardTexts.price}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0.00"
          error={fieldProblems.price}
          value={draft.pricePerSeat}
          onValueChange={(pricePerSeat) => edit({ ...draft, pricePerSeat }, 'price')}
        />
        <PriceGuideNote guide={guide.data} loading={guide.isLoading} />
      </div>
      <LegPricesFields rows={legs} prices={legPrices} problems={legProblems} onPriceChange={setLegPrice} />
      <BookingModeChoice value={draft.bookingMode ?? 'instant'} onChange={(bookingMode) => edit({ ...draft, bookingMode })} />
      <RidePreferencesFields
        preferences={draft.preferences ?? defaultPreferences}
        womenOnly={mayOfferWomenOnly && (draft.womenOnly ?? false)}
        mayOfferWomenOnly={mayOfferWomenOnly}
        onChange={(stated) => edit({ ...draft, ...stated })}
      />
      {problem ? <StepAlert>{problem}</StepAlert> : null}
      <StepNavigation back="/create-ride-datetime" />
    </StepForm>
  );
}

/** The seats within 1 and the vehicle's limit; the price an amount in cedis, and not above the route's cap. */
function checkSeatsAndPrice(seatsText: string, priceText: string, maxSeats: number, guide: PriceGuide | undefined): FieldProblems {
  const found: FieldProblems = {};
  found.seats = availableSeatsProblem(Number(seatsText), maxSeats);
  const price = priceField.safeParse(priceText);
  if (!price.success) found.price = price.error.issues[0]?.message ?? rideMessages.priceFormat;
  // Without the guide (it failed to load), the server still refuses a price above the cap.
  else if (guide && toPesewas(price.data) > toPesewas(guide.maxPricePerSeat)) found.price = rideMessages.priceAboveCap(guide.maxPricePerSeat);
  return found;
}

/** The route's fair range and its cap, under the price. */
function PriceGuideNote({ guide, loading }: { guide: PriceGuide | undefined; loading: boolean }) {
  if (loading) return <Note role="status">{wizardTexts.guideLoading}</Note>;
  if (!guide) return null;
  return (
    <Note>
      <strong>{wizardTexts.recommended(formatCedis(guide.recommendedMin), formatCedis(guide.recommendedMax))}</strong>
      <span>{wizardTexts.cap(formatCedis(guide.maxPricePerSeat))}</span>
    </Note>
  );
}



const Note = styled.p`
  display: grid;
  gap: 2px;
  margin-top: 8px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  font-size: 0.9375rem;

  span { color: ${({ theme }) => theme.color.muted}; }
`;
