import type { StaffTicket } from '@krom/contracts/http/staff-tickets';
import { maxTicketMessageLength, type TicketPriority, ticketMessages } from '@krom/contracts/http/support-values';
import { memberReportReasonLabels } from '@krom/contracts/http/member-safety-values';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ActionBox, ReasonField } from '../../../lib/action-box.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { BackLink, Detail, Details, Muted, PageSection, PageTitle, StaffPageMain } from '../../../lib/staff-page.tsx';
import { type TicketAction, useStaffTicket, useTicketAction } from '../api/staff-tickets.ts';
import { MemberReportTag } from './member-report-tag.tsx';
import { priorityOptions, reportSourceLabels, staffCategoryLabels, staffStatusLabels } from '../ticket-labels.ts';

/** The Tickets tab, as the dashboard opens it. */
export const ticketsTabPath = '/admin?tab=tickets';

/**
 * /admin/tickets/:id: one ticket with its member, booking and ride, attachments and the whole
 * conversation (internal notes marked), and staff's actions: claim, reply, internal note,
 * priority, resolve, close. `adminId` is the signed-in staff member; `adminName` names staff.
 */
export function TicketPage({ adminId, adminName }: { adminId: string | undefined; adminName: (adminId: string) => string }) {
  const { id = '' } = useParams();
  const ticket = useStaffTicket(id);
  return (
    <StaffPageMain>
      <BackLink to={ticketsTabPath}>← Back to tickets</BackLink>
      {ticket.isPending ? (
        <Spinner />
      ) : ticket.isError ? (
        <p role="alert">{failureText(ticket.error, 'This ticket could not be loaded. Reload the page to try again.')}</p>
      ) : (
        <Ticket ticket={ticket.data} adminId={adminId} adminName={adminName} />
      )}
    </StaffPageMain>
  );
}

function Ticket({ ticket, adminId, adminName }: { ticket: StaffTicket; adminId: string | undefined; adminName: (adminId: string) => string }) {
  const { toast } = useToast();
  const action = useTicketAction(ticket.id);
  const closed = ticket.status === 'closed';
  const claimedByOther = ticket.claimedBy !== null && ticket.claimedBy !== adminId;
  // Unclaimed: claim first, so two staff never answer the same ticket.
  const mayAct = !closed && ticket.claimedBy !== null && ticket.claimedBy === adminId;
  const run = (next: TicketAction, done: string, then?: () => void) =>
    action.mutate(next, {
      onSuccess: () => {
        then?.();
        toast({ title: done });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Not done', description: failureText(error, 'The ticket could not be changed. Please try again.') }),
    });

  return (
    <>
      <PageTitle>
        <h1>{ticket.subject}</h1>
        <StatusTag>{staffStatusLabels[ticket.status]}</StatusTag>
        {ticket.memberReport ? <MemberReportTag /> : null}
      </PageTitle>
      <Muted>Opened {formatDateTime(ticket.createdAt)}</Muted>

      <PageSection aria-labelledby="ticket-details-title">
        <h2 id="ticket-details-title">Ticket</h2>
        <Details>
          <Detail term="Category" value={staffCategoryLabels[ticket.category]} />
          <Detail term="Member" value={ticket.memberId} />
          <Detail term="Booking" value={ticket.bookingId ?? 'None'} />
          <Detail term="Ride" value={ticket.rideId ?? 'None'} />
          <Detail term="Claimed by" value={ticket.claimedBy ? (ticket.claimedBy === adminId ? 'You' : adminName(ticket.claimedBy)) : 'Nobody yet'} />
        </Details>
        <Description>{ticket.description}</Description>
      </PageSection>

      {ticket.memberReport ? (
        <PageSection aria-labelledby="member-report-title">
          <h2 id="member-report-title">Reported member</h2>
          <Details>
            <Detail term="Member" value={ticket.memberReport.reportedId} />
            <Detail term="Reported by" value={ticket.memberId} />
            <Detail term="Reason" value={memberReportReasonLabels[ticket.memberReport.reason]} />
            <Detail term="Reported from" value={reportSourceLabels[ticket.memberReport.source]} />
            {ticket.memberReport.sourceId ? <Detail term={`${reportSourceLabels[ticket.memberReport.source]} id`} value={ticket.memberReport.sourceId} /> : null}
            <Detail term="Reported" value={formatDateTime(ticket.memberReport.reportedAt)} />
          </Details>
          {ticket.memberReport.reportedText !== null ? (
            <>
              <h3>The reported message</h3>
              <Description>{ticket.memberReport.reportedText}</Description>
            </>
          ) : null}
        </PageSection>
      ) : null}

      {ticket.attachments.length > 0 ? (
        <PageSection aria-labelledby="attachments-title">
          <h2 id="attachments-title">Attachments</h2>
          <ul>
            {ticket.attachments.map((attachment) => (
              <li key={attachment.id}>
                <a href={attachment.url} target="_blank" rel="noreferrer">
                  {attachment.fileName}
                </a>{' '}
                <Muted as="span">({Math.ceil(attachment.size / 1024)} KB; link valid until {formatDateTime(attachment.expiresAt)})</Muted>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}

      <PageSection aria-labelledby="conversation-title">
        <h2 id="conversation-title">Conversation</h2>
        {ticket.messages.length === 0 ? (
          <Muted>No messages yet</Muted>
        ) : (
          <Conversation>
            {ticket.messages.map((message) => (
              <Message key={message.id} $internal={message.internal}>
                <strong>{message.author === 'member' ? 'Member' : message.internal ? 'Internal note' : 'Staff'}</strong> · {formatDateTime(message.createdAt)}
                <p>{message.body}</p>
              </Message>
            ))}
          </Conversation>
        )}
      </PageSection>

      {claimedByOther && !closed ? <p role="status">{`Claimed by ${adminName(ticket.claimedBy ?? '')}: only they can answer or change it.`}</p> : null}

      {!closed && ticket.claimedBy === null ? (
        <Button disabled={action.isPending} onClick={() => run({ kind: 'claim' }, 'Ticket claimed')}>
          Claim ticket
        </Button>
      ) : null}

      {mayAct ? (
        <>
          <MessageForm id="reply" title="Reply to member" hint="The member reads this on their ticket and is told in the app and by SMS or e-mail." submit="Send reply" busy={action.isPending} onSend={(body, clear) => run({ kind: 'reply', body }, 'Reply sent', clear)} />
          <MessageForm id="note" title="Add an internal note" hint="Only staff see notes; the member never does." submit="Add note" busy={action.isPending} onSend={(body, clear) => run({ kind: 'note', body }, 'Note added', clear)} />
          <ActionBox aria-labelledby="status-title">
            <h2 id="status-title">Priority and status</h2>
            <Select
              inline
              label="Priority"
              name="priority"
              options={priorityOptions}
              value={ticket.priority}
              disabled={action.isPending}
              onValueChange={(priority) => run({ kind: 'priority', priority: priority as TicketPriority }, 'Priority changed')}
            />
            <Actions>
              {ticket.status !== 'resolved' ? (
                <Button $variant="secondary" disabled={action.isPending} onClick={() => run({ kind: 'resolve' }, 'Ticket resolved')}>
                  Resolve
                </Button>
              ) : null}
              <Button $variant="danger" disabled={action.isPending} onClick={() => run({ kind: 'close' }, 'Ticket closed')}>
                Close ticket
              </Button>
            </Actions>
          </ActionBox>
        </>
      ) : null}
    </>
  );
}

/** A reply or a note: checked as the contract checks it (not empty, not too long) before it is sent. */
function MessageForm({ id, title, hint, submit, busy, onSend }: { id: string; title: string; hint: string; submit: string; busy: boolean; onSend: (body: string, clear: () => void) => void }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = body.trim();
    if (text === '') return setError(ticketMessages.message);
    if (text.length > maxTicketMessageLength) return setError(ticketMessages.messageLength);
    setError(undefined);
    onSend(text, () => setBody(''));
  };
  return (
    <ActionBox aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <form noValidate aria-labelledby={`${id}-title`} onSubmit={onSubmit}>
        <ReasonField
          label={id === 'reply' ? 'Your reply' : 'Your note'}
          hint={hint}
          error={error}
          maxLength={maxTicketMessageLength}
          value={body}
          onChange={(text) => {
            setBody(text);
            if (error) setError(undefined);
          }}
        />
        <Button type="submit" disabled={busy}>
          {submit}
        </Button>
      </form>
    </ActionBox>
  );
}

const StatusTag = styled.span`
  padding: 2px 10px;
  border-radius: 999px;
  background: ${({ theme }) => theme.color.border};
  font-size: 0.875rem;
  font-weight: 600;
`;

const Description = styled.p`
  white-space: pre-wrap;
`;

const Conversation = styled.ol`
  display: grid;
  gap: 12px;
  padding: 0;
  margin: 0;
  list-style: none;
`;

const Message = styled.li<{ $internal: boolean }>`
  padding: 12px;
  border: 1px ${({ $internal }) => ($internal ? 'dashed' : 'solid')} ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  p { margin-top: 4px; white-space: pre-wrap; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;
