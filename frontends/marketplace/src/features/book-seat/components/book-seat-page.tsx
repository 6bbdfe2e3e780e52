import type { User } from '@krom/contracts/http/auth';
import type { Booking } from '@krom/contracts/http/bookings';
import type { RideDetails } from '@krom/contracts/http/rides';
import { womenOnlyMessages } from '@krom/contracts/http/ride-preference-values';
import { serviceFeePesewas } from '@krom/contracts/http/payment-values';
import { formatCedis, rideTotal, toDecimalCedis, toPesewas } from '@krom/contracts/money';
import { serverMessage } from '@krom/ui-kit/api-request.ts';
import { Button, SubmitButton } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { PhoneField } from '@krom/ui-kit/phone-field.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { FormField, TextField } from '@krom/ui-kit/text-field.tsx';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { LicencePlate } from '../../../components/licence-plate.tsx';
import { PageColumn, PageSection, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { bookingModeText, formatDeparture, vehicleName } from '../../../components/ride-card.tsx';
import { seatsText } from '../../../lib/booking-texts.ts';
import { useRide } from '../../../lib/api/ride.ts';
import { type Leg, legOfAddress, legText, type RidePlace, ridePlaces, seatsWanted } from '../../../lib/ride-places.ts';
import { useCreateBooking } from '../api/create-booking.ts';
import { useSavedWallets } from '../api/saved-wallets.ts';
import { bookSeatTexts as texts } from '../book-seat-texts.ts';
import { BookingDone } from './booking-done.tsx';
import { firstPaymentChoice, PaymentChoice, walletOf } from './payment-choice.tsx';
import { TextArea as Notes } from '../../../components/text-area.tsx';

/**
 * /book-seat/{id}?seats=n&board=i&alight=j (spec "Book seat"), for signed-in members only (a guest
 * is sent to log in and brought back here): the ride's summary, the passenger's leg among the
 * ride's places, the seats (1 to those left), the passenger's name and phone (their profile's to
 * start with), special requests and the total; Confirm books (Processing... while busy), Cancel goes
 * back to the ride. Once booked, what the server made of it: a confirmed seat with its boarding code,
 * or a request the driver will answer.
 */
export function BookSeatPage({ bookingExtras }: { bookingExtras?: BookingExtras } = {}) {
  return <SignedInPage>{(user) => <BookSeat user={user} bookingExtras={bookingExtras} />}</SignedInPage>;
}

/** What the app adds to a booking's confirmation (app/book-seat-route.tsx: the trip sharing). */
export type BookingExtras = (booking: Booking) => ReactNode;

function BookSeat({ user, bookingExtras }: { user: User; bookingExtras: BookingExtras | undefined }) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  // The address's leg, as the preview read it: its seats left decide whether there is a seat to book.
  const ride = useRide(id, { board: params.get('board'), alight: params.get('alight') });
  const [booked, setBooked] = useState<Booking | null>(null);
  if (ride.isPending) return <Spinner fullPage />;
  if (ride.isError) {
    return (
      <PageColumn $width={560}>
        <PageTitle>{texts.loadFailed}</PageTitle>
        <div>
          <ButtonLink to="/ride-listings">{texts.backToRides}</ButtonLink>
        </div>
      </PageColumn>
    );
  }
  // Paid by mobile money on an instant ride: the prompt is on its way, and its own screen follows it.
  if (booked?.status === 'awaiting_payment') return <Navigate to={`/booking-payment/${booked.id}`} replace />;
  if (booked) return <BookingDone booking={booked} extras={bookingExtras} />;
  const unbookable = ride.data.isOwnRide
    ? texts.ownRide
    : ride.data.status !== 'active'
      ? texts.notBookable
      : ride.data.leg.seatsLeft < 1
        ? texts.full
        : ride.data.womenOnly
          ? womenOnlyRefusal(user)
          : null;
  if (unbookable) {
    return (
      <PageColumn $width={560}>
        <PageTitle>{texts.title}</PageTitle>
        <p role="alert">{unbookable}</p>
        <div>
          <ButtonLink to={`/ride-preview/${ride.data.id}`}>{texts.backToRide}</ButtonLink>
        </div>
      </PageColumn>
    );
  }
  return <BookingForm ride={ride.data} user={user} address={params} onBooked={setBooked} />;
}

/**
 * Why this member cannot book a women-only ride, in the server's words (it refuses the booking
 * anyway): only verified members whose profile says woman may; null when she may.
 */
function womenOnlyRefusal(user: User): string | null {
  if (user.gender !== 'woman') return womenOnlyMessages.book;
  return user.isVerified ? null : womenOnlyMessages.bookUnverified;
}

const placeOption = (place: RidePlace) => ({ value: place.index, label: place.name === place.town ? place.town : `${place.town} · ${place.name}` });

function BookingForm({ ride, user, address, onBooked }: { ride: RideDetails; user: User; address: URLSearchParams; onBooked: (booking: Booking) => void }) {
  const navigate = useNavigate();
  const places = ridePlaces(ride);
  const [leg, setLeg] = useState<Leg>(() => legOfAddress(places, address));
  const [chosenSeats, setSeats] = useState(() => seatsWanted(address.get('seats'), ride.leg.seatsLeft));
  // The seats left and price of the leg chosen here are the server's (GET /api/rides/{id}?board=&alight=):
  // a stop may be drop-off only, or a leg priced by the driver, which the places alone do not tell.
  // The leg the first read answered for is asked as the address asked it (the same query key), so
  // the cache serves it rather than a second GET for the same answer.
  const firstLeg = leg.board === ride.leg.boardAt && leg.alight === ride.leg.alightAt;
  const legRide = useRide(ride.id, firstLeg ? { board: address.get('board'), alight: address.get('alight') } : { board: String(leg.board), alight: String(leg.alight) });
  const legOf = (details: RideDetails | undefined) =>
    details && details.leg.boardAt === leg.board && details.leg.alightAt === leg.alight ? details.leg : undefined;
  const chosenLeg = legOf(legRide.data) ?? legOf(ride);
  const seatsLeft = chosenLeg?.seatsLeft ?? ride.leg.seatsLeft;
  const seats = Math.max(1, Math.min(chosenSeats, seatsLeft));
  const [name, setName] = useState(() => `${user.firstName} ${user.lastName}`.trim());
  const [phone, setPhone] = useState(user.phone);
  const [specialRequests, setSpecialRequests] = useState('');
  const [payment, setPayment] = useState(() => firstPaymentChoice(user.phone));
  const booking = useCreateBooking();
  const saved = useSavedWallets().data ?? [];
  const wallet = walletOf(payment, saved);
  const walletMissing = payment.method === 'mobile_money' && wallet === undefined;
  const complete = name.trim() !== '' && phone.trim() !== '' && chosenLeg !== undefined && chosenLeg.seatsLeft > 0 && !walletMissing;
  // Fare, Krom's fee (mobile money only) and what is paid, by the contract's own rule, in pesewas.
  const fare = chosenLeg ? rideTotal(chosenLeg.pricePerSeat, seats) : undefined;
  const fee = fare !== undefined && payment.method === 'mobile_money' ? toDecimalCedis(serviceFeePesewas(toPesewas(fare))) : undefined;
  const total = fare !== undefined ? toDecimalCedis(toPesewas(fare) + (fee === undefined ? 0 : toPesewas(fee))) : undefined;
  const query = address.toString();
  const backToRide = `/ride-preview/${ride.id}${query ? `?${query}` : ''}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || booking.isPending) return;
    const requests = specialRequests.trim();
    booking.mutate(
      {
        rideId: ride.id,
        seats,
        boardAt: leg.board,
        alightAt: leg.alight,
        passengerName: name.trim(),
        passengerPhone: phone.trim(),
        ...(requests ? { specialRequests: requests } : {}),
        ...(wallet ? { paymentMethod: 'mobile_money' as const, ...wallet } : {}),
      },
      { onSuccess: onBooked },
    );
  };

  const boardOptions = places.slice(0, -1).map(placeOption);
  const alightOptions = places.filter((place) => place.index > leg.board).map(placeOption);
  const failure = booking.isError ? serverMessage(booking.error) : undefined;

  return (
    <PageColumn $width={640}>
      <PageTitle>{texts.title}</PageTitle>
      <Form onSubmit={submit} noValidate>
        <PageSection title={texts.tripTitle}>
          <Summary>
            <h3>
              {ride.fromCity} → {ride.toCity}
            </h3>
            <p>{formatDeparture(ride)}</p>
            <dl>
              <div>
                <dt>{texts.driver}</dt>
                <dd>{ride.driverName}</dd>
              </div>
              <div>
                <dt>{texts.car}</dt>
                <dd>
                  {vehicleName(ride.vehicle)}, {ride.vehicle.color}
                  {ride.vehicle.licensePlate ? <LicencePlate>{ride.vehicle.licensePlate}</LicencePlate> : null}
                </dd>
              </div>
            </dl>
            <p>{bookingModeText(ride.bookingMode)}</p>
          </Summary>
          <Select
            label={texts.board}
            options={boardOptions}
            value={leg.board}
            onValueChange={(value) => {
              const board = Number(value);
              setLeg((current) => ({ board, alight: current.alight > board ? current.alight : board + 1 }));
            }}
          />
          <Select label={texts.alight} options={alightOptions} value={leg.alight} onValueChange={(value) => setLeg((current) => ({ ...current, alight: Number(value) }))} />
          <Select
            label={texts.seats}
            options={Array.from({ length: Math.max(1, seatsLeft) }, (_, index) => index + 1)}
            value={seats}
            onValueChange={(value) => setSeats(Number(value))}
          />
        </PageSection>

        <PageSection title={texts.passengerTitle}>
          <TextField label={texts.name} autoComplete="name" maxLength={100} value={name} onValueChange={setName} required />
          <PhoneField label={texts.phone} value={phone} onValueChange={setPhone} required />
          <FormField label={texts.specialRequests}>
            {(control) => (
              <Notes
                {...control}
                rows={3}
                maxLength={500}
                placeholder={texts.specialRequestsPlaceholder}
                value={specialRequests}
                onChange={(event) => setSpecialRequests(event.target.value)}
              />
            )}
          </FormField>
        </PageSection>

        <PageSection title={texts.paymentTitle}>
          <PaymentChoice value={payment} saved={saved} onChange={setPayment} />
        </PageSection>

        {fee !== undefined && fare !== undefined ? (
          <Breakdown>
            <div>
              <dt>{texts.fare}</dt>
              <dd>{formatCedis(fare)}</dd>
            </div>
            <div>
              <dt>{texts.serviceFee}</dt>
              <dd>{formatCedis(fee)}</dd>
            </div>
          </Breakdown>
        ) : null}
        <Total>
          <span>
            <strong>{texts.total}</strong>
            <small>
              {chosenLeg ? `${texts.perSeat(formatCedis(chosenLeg.pricePerSeat), seatsText(seats))} · ` : null}
              {legText(leg, places)}
            </small>
          </span>
          <strong aria-live="polite">{total !== undefined ? formatCedis(total) : null}</strong>
        </Total>
        <Note>{payment.method === 'cash' ? texts.payInCash : ride.bookingMode === 'approval' ? texts.promptWhenAccepted : texts.promptNow}</Note>

        {booking.isError ? (
          <Failure role="alert">
            <strong>{texts.failed}</strong>
            {failure ? <span>{failure}</span> : null}
          </Failure>
        ) : null}
        {complete ? null : <Note>{walletMissing ? texts.needsWallet : texts.needsNameAndPhone}</Note>}

        <Actions>
          <SubmitButton pending={booking.isPending} pendingLabel={texts.processing} disabled={!complete}>
            {texts.confirm}
          </SubmitButton>
          <Button $variant="secondary" $block $size="lg" disabled={booking.isPending} onClick={() => navigate(backToRide)}>
            {texts.cancel}
          </Button>
        </Actions>
      </Form>
    </PageColumn>
  );
}

const Form = styled.form`
  display: grid;
  gap: 20px;
`;

const Summary = styled.div`
  display: grid;
  gap: 6px;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  h3 { font-size: 1.125rem; overflow-wrap: anywhere; }
  p { color: ${({ theme }) => theme.color.muted}; }
  dl { display: grid; gap: 6px; margin: 0; }
  dl div { display: flex; flex-wrap: wrap; gap: 4px 8px; }
  dt { color: ${({ theme }) => theme.color.muted}; }
  dt::after { content: ':'; }
  dd { margin: 0; font-weight: 600; display: flex; flex-wrap: wrap; gap: 6px; overflow-wrap: anywhere; }
`;

const Total = styled.p`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;
  padding-top: 12px;
  border-top: 1px solid ${({ theme }) => theme.color.border};

  span { display: grid; }
  small { color: ${({ theme }) => theme.color.muted}; }
  > strong { font-size: 1.5rem; white-space: nowrap; }
`;

const Breakdown = styled.dl`
  display: grid;
  gap: 6px;
  margin: 0;

  div { display: flex; justify-content: space-between; gap: 12px; }
  dt { color: ${({ theme }) => theme.color.muted}; }
  dd { margin: 0; white-space: nowrap; }
`;

const Note = styled.p`
  font-size: 0.9375rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Failure = styled.div`
  display: grid;
  gap: 4px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
`;

/** Confirm first (the thumb's reach on a phone), Cancel under it; side by side from a tablet. */
const Actions = styled.div`
  display: grid;
  gap: 10px;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;
