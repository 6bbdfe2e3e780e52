import { formatDateTimeInGhana } from '@krom/contracts/ghana-time';
import type { StaffRide } from '@krom/contracts/http/staff-rides';
import { formatMoney } from '@krom/contracts/money';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { ColumnHeads, DataTable, EmptyCell, PanelHeader, PanelTitle, TableScroll } from '@krom/ui-kit/data-table.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { Link } from 'react-router-dom';
import { type StaffRideFilters, staffRideFilterKeys, useListRides } from '../api/list-rides.ts';
import { useFilterDraft } from '../../../lib/filter-form.ts';
import { OlderPages } from '../../../lib/older-pages.tsx';
import { CellNote, Code, Filters } from '../../../lib/filter-table-parts.ts';

/** Where a ride's bookings are: the Bookings tab filtered by the ride's id. */
export const rideBookingsPath = (rideId: string) => `/admin?tab=bookings&rideId=${rideId}`;

const statusLabels: Record<StaffRide['status'], string> = { active: 'Active', completed: 'Completed', cancelled: 'Cancelled' };
const statusOptions = [{ value: '', label: 'Any status' }, ...Object.entries(statusLabels).map(([value, label]) => ({ value, label }))];

const columns = ['Departure', 'Route', 'Status', 'Driver', 'Seats', 'Price', 'Bookings'] as const;

/**
 * The Rides tab: every ride, newest departure first, 50 at a time with older ones on demand,
 * filtered by status, where it leaves from and goes to (a city or location's beginning), departure
 * days (Ghana time) and driver. `filters` live in the address (kept by the dashboard). Each ride
 * leads to its bookings when the staff member may open the Bookings tab.
 */
export function RidesPanel({
  filters,
  onFilters,
  mayOpenBookings,
}: { filters: StaffRideFilters; onFilters: (filters: StaffRideFilters) => void; mayOpenBookings: boolean }) {
  const { field, onSubmit } = useFilterDraft(staffRideFilterKeys, filters, onFilters);
  const list = useListRides(filters);
  const rides = list.data?.pages.flatMap((page) => page.rides) ?? [];

  return (
    <>
      <PanelHeader>
        <PanelTitle>Rides</PanelTitle>
      </PanelHeader>
      <Filters role="search" aria-label="Filter the rides" noValidate onSubmit={onSubmit}>
        <Select label="Status" options={statusOptions} {...field('status')} />
        <TextField label="From" hint="City or location" autoComplete="off" {...field('from')} />
        <TextField label="To" hint="City or location" autoComplete="off" {...field('to')} />
        <TextField label="Departing from (day)" type="date" {...field('departureFrom')} />
        <TextField label="Departing to (day)" type="date" {...field('departureTo')} />
        <TextField label="Driver id" autoComplete="off" autoCapitalize="none" {...field('driverId')} />
        <Button type="submit">Filter</Button>
      </Filters>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{failureText(list.error, 'The rides could not be loaded. Reload the page to try again.')}</p>
      ) : (
        <>
          <TableScroll aria-label="Rides table">
            <DataTable>
              <ColumnHeads columns={columns} />
              <tbody>
                {rides.length === 0 ? (
                  <tr>
                    <EmptyCell colSpan={columns.length}>No rides found</EmptyCell>
                  </tr>
                ) : (
                  rides.map((ride) => <RideRow key={ride.id} ride={ride} mayOpenBookings={mayOpenBookings} />)
                )}
              </tbody>
            </DataTable>
          </TableScroll>
          <OlderPages list={list} what="rides" />
        </>
      )}
    </>
  );
}

function RideRow({ ride, mayOpenBookings }: { ride: StaffRide; mayOpenBookings: boolean }) {
  const bookings = `${ride.bookingsCount} booked`;
  return (
    <tr>
      <td data-label="Departure">
        <time dateTime={ride.departureAt}>{formatDateTimeInGhana(ride.departureAt)}</time>
      </td>
      <td data-label="Route">
        {ride.fromCity} → {ride.toCity}
        <CellNote>
          {ride.fromLocation} → {ride.toLocation}
        </CellNote>
        <CellNote>
          <Code>{ride.id}</Code>
        </CellNote>
      </td>
      <td data-label="Status">{statusLabels[ride.status]}</td>
      <td data-label="Driver">
        {ride.driverFirstName}
        <CellNote>
          <Code>{ride.driverId}</Code>
        </CellNote>
      </td>
      <td data-label="Seats">
        {ride.availableSeats} of {ride.seatsOffered} free
      </td>
      <td data-label="Price">{formatMoney(ride.pricePerSeat, ride.currency)}</td>
      <td data-label="Bookings">
        {mayOpenBookings ? (
          <Link to={rideBookingsPath(ride.id)} aria-label={`Bookings of the ride ${ride.fromCity} → ${ride.toCity} at ${formatDateTimeInGhana(ride.departureAt)}`}>
            {bookings}
          </Link>
        ) : (
          bookings
        )}
      </td>
    </tr>
  );
}
