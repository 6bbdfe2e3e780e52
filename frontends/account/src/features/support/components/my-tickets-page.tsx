import { ticketCategoryLabels, ticketStatusLabels, type TicketStatus } from '@krom/contracts/http/support-values';
import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StatusBadge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useMyTickets } from '../api/support-api.ts';
import { Column } from './support-form-page.tsx';

export const statusTones: Record<TicketStatus, StatusTone> = {
  open: 'info',
  in_review: 'info',
  awaiting_member: 'warning',
  resolved: 'success',
  closed: 'neutral',
};

export const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Africa/Accra' });

/** /support/tickets: the member's tickets with their status, the one that moved last first; each opens its conversation. */
export function MyTicketsPage() {
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <Column>
            <h1>My tickets</h1>
            <div>
              <ButtonLink to="/support">New report</ButtonLink>
            </div>
            <TicketList />
          </Column>
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

function TicketList() {
  const tickets = useMyTickets();
  if (tickets.isPending) return <Spinner />;
  if (tickets.isError) {
    return (
      <div>
        <p role="alert">Your tickets could not be loaded.</p>
        <Button $variant="secondary" onClick={() => tickets.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (tickets.data.tickets.length === 0) return <EmptyState title="No tickets yet" text="Reports you send to support appear here with our replies." />;
  return (
    <List aria-label="My tickets">
      {tickets.data.tickets.map((ticket) => (
        <li key={ticket.id}>
          <Link to={`/support/tickets/${ticket.id}`}>{ticket.subject}</Link>
          <span>
            {ticketCategoryLabels[ticket.category]} · {shortDate(ticket.createdAt)}
          </span>
          <StatusBadge tone={statusTones[ticket.status]}>{ticketStatusLabels[ticket.status]}</StatusBadge>
        </li>
      ))}
    </List>
  );
}

const List = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 12px;

  li {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 4px 12px;
    padding: 12px 16px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: 8px;
  }
  li span:first-of-type { grid-column: 1; color: ${({ theme }) => theme.color.muted}; }
  li > :last-child { grid-row: 1 / span 2; grid-column: 2; align-self: center; }
`;
