import { formatMoney } from '@krom/contracts/money';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ColumnHeads, DataTable, EmptyCell, PanelHeader, PanelTitle, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { departureOf, paymentLabels, routeOf } from '../booking-labels.ts';
import { useSearchBookings } from '../api/search-bookings.ts';
import { bookingSearchQuery } from '../booking-search-key.ts';
import { BookingStatusBadge } from '../../../lib/booking-status-badge.tsx';
import { bookingPath } from '../booking-path.ts';

const columns = ['Code', 'Status', 'Ride', 'Passenger', 'Driver', 'Seats', 'Leg', 'Total', 'Payment', 'Booked'] as const;

/**
 * The Bookings tab: one box takes a boarding code, the phone the passenger booked with, or a ride
 * id, and lists what matches, newest first. `search` is the text searched for (kept in the address
 * by the dashboard, so coming back from a booking shows the same results).
 */
export function BookingSearchPanel({ search, onSearch }: { search: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(search);
  const query = bookingSearchQuery(search);
  const results = useSearchBookings(query);
  const location = useLocation();
  const bookings = results.data?.bookings ?? [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <>
      <PanelHeader>
        <PanelTitle>Bookings</PanelTitle>
      </PanelHeader>
      <SearchForm role="search" aria-label="Find bookings" noValidate onSubmit={onSubmit}>
        <TextField
          label="Boarding code, passenger phone or ride id"
          name="search"
          autoComplete="off"
          value={text}
          onValueChange={setText}
        />
        <Button type="submit" disabled={text.trim() === ''}>
          Search
        </Button>
      </SearchForm>
      {query === undefined ? null : results.isPending ? (
        <Spinner />
      ) : results.isError ? (
        <p role="alert">{failureText(results.error, 'The bookings could not be loaded. Please try again.')}</p>
      ) : (
        <TableScroll aria-label="Bookings found">
          <DataTable>
            <ColumnHeads columns={columns} />
            <tbody>
              {bookings.length === 0 ? (
                <tr>
                  <EmptyCell colSpan={columns.length}>No bookings found</EmptyCell>
                </tr>
              ) : (
                bookings.map((booking) => (
                  <tr key={booking.id}>
                    <td data-label="Code">
                      <CodeLink to={bookingPath(booking.id)} state={{ back: `${location.pathname}${location.search}` }}>
                        {booking.boardingCode}
                      </CodeLink>
                    </td>
                    <td data-label="Status">
                      <BookingStatusBadge status={booking.status} />
                    </td>
                    <td data-label="Ride">
                      <div>
                        {routeOf(booking.rideFrom, booking.rideTo)}
                        <Muted>{departureOf(booking)}</Muted>
                      </div>
                    </td>
                    <td data-label="Passenger">
                      <div>
                        {booking.passengerName}
                        <Muted>{booking.passengerPhone}</Muted>
                      </div>
                    </td>
                    <td data-label="Driver">{booking.driverName}</td>
                    <td data-label="Seats">{booking.seats}</td>
                    <td data-label="Leg">{routeOf(booking.board.location, booking.alight.location)}</td>
                    <td data-label="Total">{formatMoney(booking.totalAmount, booking.currency)}</td>
                    <td data-label="Payment">{paymentLabels[booking.paymentMethod]}</td>
                    <td data-label="Booked">{formatDateTime(booking.createdAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
        </TableScroll>
      )}
    </>
  );
}

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 12px;

  > div { flex: 1 1 18rem; }
`;

const CodeLink = styled(Link)`
  color: ${({ theme }) => theme.color.primary};
  font-family: ui-monospace, monospace;
  font-weight: 700;
`;

const Muted = styled.span`
  display: block;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.muted};
`;
