import { ticketCategoryLabels, ticketMessages, ticketStatusLabels } from '@krom/contracts/http/support-values';
import { serverMessage, statusOf } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';
import { FormField, inputStyles } from '@krom/ui-kit/text-field.tsx';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { type Ticket, useCloseTicket, useReplyToTicket, useTicket } from '../api/support-api.ts';
import { shortDate, statusTones } from './my-tickets-page.tsx';
import { Column } from './support-form-page.tsx';

/** /support/tickets/:id: one of the member's tickets, its files and the conversation, where they answer staff and close it. */
export function TicketPage() {
  const { id = '' } = useParams();
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <Column>
            <p>
              <Link to="/support/tickets">← My tickets</Link>
            </p>
            <TicketView id={id} />
          </Column>
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

function TicketView({ id }: { id: string }) {
  const ticket = useTicket(id);
  if (ticket.isPending) return <Spinner />;
  if (ticket.isError) {
    return statusOf(ticket.error) === 404 ? (
      <p role="alert">{ticketMessages.notFound}</p>
    ) : (
      <div>
        <p role="alert">This ticket could not be loaded.</p>
        <Button $variant="secondary" onClick={() => ticket.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { data } = ticket;
  return (
    <>
      <h1>{data.subject}</h1>
      <p>
        {ticketCategoryLabels[data.category]} · sent {shortDate(data.createdAt)} · <StatusBadge tone={statusTones[data.status]}>{ticketStatusLabels[data.status]}</StatusBadge>
      </p>
      <Message>
        <strong>You</strong>
        <p>{data.description}</p>
        {data.attachments.length > 0 ? (
          <ul aria-label="Attachments">
            {data.attachments.map((file) => (
              <li key={file.id}>
                <a href={file.url} target="_blank" rel="noreferrer">
                  {file.fileName}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </Message>
      <ol aria-label="Conversation">
        {data.messages.map((message) => (
          <Message as="li" key={message.id} $staff={message.author === 'staff'}>
            <strong>{message.author === 'staff' ? 'Krom support' : 'You'}</strong> <time dateTime={message.createdAt}>{shortDate(message.createdAt)}</time>
            <p>{message.body}</p>
          </Message>
        ))}
      </ol>
      {data.status === 'closed' ? <p>{ticketMessages.closed}</p> : <Answer ticket={data} />}
    </>
  );
}

/** The member's answer to staff, and closing the ticket when nothing more is needed. */
function Answer({ ticket }: { ticket: Ticket }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reply = useReplyToTicket(ticket.id);
  const close = useCloseTicket(ticket.id);
  const failed = (failure: unknown) => setError(statusOf(failure) !== undefined && (statusOf(failure) ?? 500) < 500 ? (serverMessage(failure) ?? ticketMessages.failed) : 'Something went wrong. Please try again.');

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') return setError(ticketMessages.message);
    setError(undefined);
    reply.mutate(body.trim(), { onSuccess: () => setBody(''), onError: failed });
  };
  return (
    <form aria-label="Reply" onSubmit={send} noValidate>
      <FormField label="Your reply" error={error}>
        {(control) => <TextArea {...control} rows={4} value={body} onChange={(event) => setBody(event.target.value)} />}
      </FormField>
      <Actions>
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending ? 'Sending...' : 'Send reply'}
        </Button>
        <Button $variant="secondary" disabled={close.isPending} onClick={() => close.mutate(undefined, { onError: failed })}>
          Close ticket
        </Button>
      </Actions>
    </form>
  );
}

const Message = styled.div<{ $staff?: boolean }>`
  padding: 12px 16px;
  border-radius: 8px;
  background: ${({ theme, $staff }) => ($staff ? theme.color.primarySoft : theme.color.surface)};
  list-style: none;
  margin-bottom: 8px;
  p { margin: 4px 0 0; white-space: pre-wrap; }
`;

const TextArea = styled.textarea`
  ${inputStyles}
  resize: vertical;
  font-family: inherit;
`;

const Actions = styled.div`
  display: flex;
  gap: 12px;
  margin-top: 12px;
`;
