import { postRideSchema, priceField } from '@krom/contracts/http/rides';
import { formatDuration } from '@krom/contracts/http/places';
import { formatClockTime, formatPickedDate } from '@krom/contracts/ghana-time';
import { formatCedis } from '@krom/contracts/money';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { type ReactNode, useId, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { RouteMap, type RouteMapPoint } from '../../../components/route-map.tsx';
import { useRouteEstimate } from '../api/estimate-route.ts';
import { usePostRide } from '../api/post-ride.ts';
import { assembleRide, chosenStops, defaultPreferences, localityLine, pickupStationOf, routePoints } from '../assemble-ride.ts';
import { clearDrafts, type DateTimeDraft, type DraftPlace, type DraftVehicle, readDraft, type RouteDraft, type SeatsPriceDraft } from '../ride-draft.ts';
import { legPricesToPost, legRows } from '../legs.ts';
import { wizardTexts } from '../wizard-texts.ts';
import { RidePostedDialog } from './ride-posted-dialog.tsx';
import { StepAlert } from './step-alert.tsx';
import { StepActions, WizardScreen } from './wizard-screen.tsx';
import { LicencePlate } from '../../../components/licence-plate.tsx';
import { bookingModeLegend } from '../../../components/booking-mode-choice.tsx';
import { bookingModeText } from '../../../components/ride-card.tsx';
import { RidePreferenceFacts } from '../../../components/ride-preferences.tsx';

/** /create-ride-review, step 4: the whole ride as it will be posted, then Post Ride. */
export function ReviewStepPage() {
  return (
    <WizardScreen step={4} title={wizardTexts.reviewTitle} lead={wizardTexts.reviewLead}>
      {(user) => <ReviewStep userId={user.id} />}
    </WizardScreen>
  );
}

type CompleteDraft = {
  route: RouteDraft & { departure: DraftPlace; destination: DraftPlace };
  dateTime: DateTimeDraft;
  seatsPrice: SeatsPriceDraft & { selectedVehicle: DraftVehicle };
};

type DraftCheck = { draft: CompleteDraft } | { missing: '/create-ride' | '/create-ride-seats-price' };

/**
 * The three pieces, or the step to go back to: the spec's route step when the route, date or time is
 * missing; step 3 when the vehicle, seats or a valid price are (step 3 saves its draft as the driver
 * types, so "12.345" can be stored, and the money module would throw on it here).
 */
function checkDraft(userId: string): DraftCheck {
  const route = readDraft(userId, 'route');
  const dateTime = readDraft(userId, 'dateTime');
  const seatsPrice = readDraft(userId, 'seatsPrice');
  const departure = route?.departure;
  const destination = route?.destination;
  if (!route || !departure || !destination || !dateTime?.date || !dateTime.time) return { missing: '/create-ride' };
  const selectedVehicle = seatsPrice?.selectedVehicle;
  if (!seatsPrice || !selectedVehicle || !seatsPrice.availableSeats || !priceField.safeParse(seatsPrice.pricePerSeat).success) return { missing: '/create-ride-seats-price' };
  return { draft: { route: { ...route, departure, destination }, dateTime, seatsPrice: { ...seatsPrice, selectedVehicle } } };
}

function ReviewStep({ userId }: { userId: string }) {
  const [checked] = useState(() => checkDraft(userId));
  if ('missing' in checked) {
    // "Loading" until the router has moved on (the spec shows it while the draft is absent).
    return (
      <>
        <Spinner />
        <Navigate to={checked.missing} replace />
      </>
    );
  }
  return <Review userId={userId} draft={checked.draft} />;
}

function Review({ userId, draft }: { userId: string; draft: CompleteDraft }) {
  const navigate = useNavigate();
  const { route, dateTime, seatsPrice } = draft;
  const { departure, destination } = route;
  const vehicle = seatsPrice.selectedVehicle;
  const stops = chosenStops(route);
  const [points] = useState(() => routePoints(route));
  const estimate = useRouteEstimate(points);
  const post = usePostRide();
  const [recurring, setRecurring] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const recurringId = useId();

  // The meeting point the driver set on the route step, else the departure itself.
  const pickupStation = pickupStationOf(route);
  const duration = estimate.data ? formatDuration(estimate.data.durationMinutes) : undefined;
  const durationText = estimate.isPending
    ? wizardTexts.calculating
    : !estimate.data
      ? wizardTexts.durationUnavailable
      : estimate.data.estimated
        ? wizardTexts.estimate(duration as string)
        : (duration as string);

  const mapPoints: RouteMapPoint[] = [
    { name: departure.name, latitude: departure.latitude, longitude: departure.longitude, role: 'from' },
    ...stops.map((stop) => ({ name: stop.name, latitude: stop.latitude, longitude: stop.longitude, role: 'stop' as const })),
    { name: destination.name, latitude: destination.latitude, longitude: destination.longitude, role: 'to' },
  ];

  const onPost = () => {
    setProblem(null);
    const ride = assembleRide({ route, dateTime, seatsPrice, duration });
    // The same rules the server applies, so a draft gone wrong is named here rather than sent.
    const checkedRide = postRideSchema.safeParse(ride);
    if (!checkedRide.success) {
      setProblem(checkedRide.error.issues[0]?.message ?? wizardTexts.postFailed);
      return;
    }
    post.mutate(ride, {
      onSuccess: () => clearDrafts(userId),
      // 400 (above the price cap, a past departure) and 403 (posting rights) carry the server's reason.
      onError: (error) => setProblem(failureText(error, wizardTexts.postFailed)),
    });
  };

  return (
    <Stack>
      <Summary aria-label="Ride summary">
        <Row label={wizardTexts.from}>
          <Place place={departure} />
        </Row>
        {stops.length > 0 ? (
          <Row label={wizardTexts.stopsLabel}>
            <StopList>
              {stops.map((stop, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same town may be a stop twice; the order is the identity
                <li key={index}>
                  <Place place={stop} />
                  {stop.meetingPoint ? <Locality>{wizardTexts.meetAt(stop.meetingPoint)}</Locality> : null}
                </li>
              ))}
            </StopList>
          </Row>
        ) : null}
        <Row label={wizardTexts.to}>
          <Place place={destination} />
        </Row>
        <Row label={wizardTexts.pickup}>
          {formatPickedDate(dateTime.date)} at {formatClockTime(dateTime.time)}
        </Row>
        <Row label={wizardTexts.pickupStation}>{pickupStation}</Row>
        <Row label={wizardTexts.seatsAvailable}>{seatsPrice.availableSeats}</Row>
        <Row label={wizardTexts.pricePerSeat}>{formatCedis(seatsPrice.pricePerSeat)}</Row>
        <LegPricesRow route={route} seatsPrice={seatsPrice} />
        <Row label={bookingModeLegend}>{bookingModeText(seatsPrice.bookingMode ?? 'instant')}</Row>
        <Row label={wizardTexts.preferencesLabel}>
          <RidePreferenceFacts preferences={seatsPrice.preferences ?? defaultPreferences} womenOnly={seatsPrice.womenOnly} />
        </Row>
        <Row label={wizardTexts.duration}>
          <span aria-live="polite">{durationText}</span>
        </Row>
        {route.description.trim() ? <Row label={wizardTexts.descriptionLabel}>{route.description.trim()}</Row> : null}
      </Summary>

      <Summary aria-label="Vehicle information">
        <Row label={wizardTexts.vehicleInfo}>
          {vehicle.year} {vehicle.make} {vehicle.model}
        </Row>
        <Row label={wizardTexts.plate}>{vehicle.licensePlate.trim() ? <LicencePlate>{vehicle.licensePlate.trim()}</LicencePlate> : wizardTexts.notProvided}</Row>
      </Summary>

      <RouteMap points={mapPoints} label="Route map" />

      <div>
        <Button $variant="secondary" onClick={() => navigate('/create-ride')}>
          {wizardTexts.edit}
        </Button>
      </div>

      <Toggle htmlFor={recurringId}>
        <span>{wizardTexts.recurring}</span>
        <input
          id={recurringId}
          type="checkbox"
          role="switch"
          aria-checked={recurring}
          checked={recurring}
          onChange={(event) => setRecurring(event.target.checked)}
        />
      </Toggle>
      {recurring ? <Muted>{wizardTexts.recurringNote}</Muted> : null}

      {problem ? <StepAlert>{problem}</StepAlert> : null}
      <StepActions>
        <Button $variant="secondary" $size="lg" onClick={() => navigate('/create-ride-seats-price')} disabled={post.isPending || post.isSuccess}>
          {wizardTexts.back}
        </Button>
        <Button $size="lg" $block onClick={onPost} disabled={post.isPending || post.isSuccess}>
          {post.isPending ? wizardTexts.posting : wizardTexts.postRide}
        </Button>
      </StepActions>

      {post.isSuccess ? <RidePostedDialog rideId={post.data.id} /> : null}
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A place's name with its locality line under it. */
function Place({ place }: { place: DraftPlace }) {
  const locality = localityLine(place);
  return (
    <>
      <strong>{place.name}</strong>
      {locality ? <Locality>{locality}</Locality> : null}
    </>
  );
}

const Summary = styled.dl`
  display: grid;
  margin: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};

  > div {
    display: grid;
    gap: 2px;
    padding: 12px 14px;
    min-width: 0;
  }
  > div + div { border-top: 1px solid ${({ theme }) => theme.color.border}; }
  dt { font-size: 0.8125rem; color: ${({ theme }) => theme.color.muted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

const Locality = styled.span`
  display: block;
  font-size: 0.875rem;
  font-weight: 400;
  color: ${({ theme }) => theme.color.muted};
`;

const StopList = styled.ol`
  display: grid;
  gap: 8px;
  margin: 0;
  padding-left: 1.25rem;
`;

const Toggle = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 48px;
  padding: 0 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  font-weight: 600;
  cursor: pointer;

  input { width: 22px; height: 22px; accent-color: ${({ theme }) => theme.color.primary}; }
`;

const Muted = styled.p`
  margin-top: -8px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

/** The prices the driver set for parts of the route, if any (the others cost their share of the ride's price). */
function LegPricesRow({ route, seatsPrice }: { route: RouteDraft; seatsPrice: SeatsPriceDraft }) {
  const prices = legPricesToPost(route, seatsPrice);
  const set = legRows(route, seatsPrice.pricePerSeat).filter((row) => prices[row.key] !== undefined);
  if (set.length === 0) return null;
  return (
    <Row label={wizardTexts.legPricesTitle}>
      {set.map((row) => (
        <span key={row.key}>
          {row.from} → {row.to}: {formatCedis(prices[row.key] as string)}
          <br />
        </span>
      ))}
    </Row>
  );
}
