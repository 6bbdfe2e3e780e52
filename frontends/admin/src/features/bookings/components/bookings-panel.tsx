import { bookingPaymentMethods, bookingStatuses } from '@krom/contracts/http/bookings';
import type { StaffBooking } from '@krom/contracts/http/staff-bookings';
import { formatMoney } from '@krom/contracts/money';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ColumnHeads, DataTable, EmptyCell, PanelHeader, PanelTitle, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { BookingStatusBadge, bookingStatusLabels } from '../../../lib/booking-status-badge.tsx';
import { useFilterDraft } from '../../../lib/filter-form.ts';
import { OlderPages } from '../../../lib/older-pages.tsx';
import { CellNote, Filters } from '../../../lib/filter-table-parts.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { type StaffBookingFilters, staffBookingFilterKeys, useListBookings } from '../api/list-bookings.ts';
import { departureOf, paymentLabels, routeOf } from '../booking-labels.ts';
import { bookingPath } from '../booking-path.ts';

const columns = ['Code', 'Status', 'Ride', 'Passenger', 'Driver', 'Seats', 'Leg', 'Total', 'Payment', 'Booked'] as const;

const statusOptions = [{ value: '', label: 'Any status' }, ...bookingStatuses.map((status) => ({ value: status, label: bookingStatusLabels[status].label }))];
const paymentOptions = [{ value: '', label: 'Any payment' }, ...bookingPaymentMethods.map((method) => ({ value: method, label: paymentLabels[method] }))];

/**
 * The Bookings tab: every booking, newest departure first, 50 at a time with older ones on demand,
 * filtered by status, payment, departure days (Ghana time), the ride's id, the phone the passenger
 * booked with and the boarding code, any of them together. `filters` live in the address (kept by
 * the dashboard), so coming back from a booking shows the same list.
 */
export function BookingsPanel({ filters, onFilters }: { filters: StaffBookingFilters; onFilters: (filters: StaffBookingFilters) => void }) {
  const { field, onSubmit } = useFilterDraft(staffBookingFilterKeys, filters, onFilters);
  const list = useListBookings(filters);
  const location = useLocation();
  const bookings = list.data?.pages.flatMap((page) => page.bookings) ?? [];

  return (
    <>
      <PanelHeader>
        <PanelTitle>Bookings</PanelTitle>
      </PanelHeader>
      <Filters role="search" aria-label="Filter the bookings" noValidate onSubmit={onSubmit}>
        <Select label="Status" options={statusOptions} {...field('status')} />
        <Select label="Payment" options={paymentOptions} {...field('paymentMethod')} />
        <TextField label="Departing from (day)" type="date" {...field('departureFrom')} />
        <TextField label="Departing to (day)" type="date" {...field('departureTo')} />
        <TextField label="Ride id" autoComplete="off" autoCapitalize="none" {...field('rideId')} />
        <TextField label="Passenger phone" hint="As given on the booking" type="tel" autoComplete="off" {...field('phone')} />
        <TextField label="Boarding code" autoComplete="off" autoCapitalize="characters" {...field('code')} />
        <Button type="submit">Filter</Button>
      </Filters>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{failureText(list.error, 'The bookings could not be loaded. Please try again.')}</p>
      ) : (
        <>
          <TableScroll aria-label="Bookings table">
            <DataTable>
              <ColumnHeads columns={columns} />
              <tbody>
                {bookings.length === 0 ? (
                  <tr>
                    <EmptyCell colSpan={columns.length}>No bookings found</EmptyCell>
                  </tr>
                ) : (
                  bookings.map((booking) => <BookingRow key={booking.id} booking={booking} back={`${location.pathname}${location.search}`} />)
                )}
              </tbody>
            </DataTable>
          </TableScroll>
          <OlderPages list={list} what="bookings" />
        </>
      )}
    </>
  );
}

/** One booking; its code leads to its page, which leads `back` to this list. */
function BookingRow({ booking, back }: { booking: StaffBooking; back: string }) {
  return (
    <tr>
      <td data-label="Code">
        <CodeLink to={bookingPath(booking.id)} state={{ back }}>
          {booking.boardingCode}
        </CodeLink>
      </td>
      <td data-label="Status">
        <BookingStatusBadge status={booking.status} />
      </td>
      <td data-label="Ride">
        {routeOf(booking.rideFrom, booking.rideTo)}
        <CellNote>{departureOf(booking)}</CellNote>
      </td>
      <td data-label="Passenger">
        {booking.passengerName}
        <CellNote>{booking.passengerPhone}</CellNote>
      </td>
      <td data-label="Driver">{booking.driverName}</td>
      <td data-label="Seats">{booking.seats}</td>
      <td data-label="Leg">{routeOf(booking.board.location, booking.alight.location)}</td>
      <td data-label="Total">{formatMoney(booking.totalAmount, booking.currency)}</td>
      <td data-label="Payment">{paymentLabels[booking.paymentMethod]}</td>
      <td data-label="Booked">{formatDateTime(booking.createdAt)}</td>
    </tr>
  );
}

const CodeLink = styled(Link)`
  color: ${({ theme }) => theme.color.primary};
  font-family: ui-monospace, monospace;
  font-weight: 700;
`;
