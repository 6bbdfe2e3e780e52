import type { Conversation, Message } from '@krom/contracts/http/messages';
import { messageMessages } from '@krom/contracts/http/message-values';
import { Avatar } from '@krom/ui-kit/avatar.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDeparture } from '../../../components/ride-card.tsx';
import { ReportReasonDialog } from '../../../components/report-reason-dialog.tsx';
import { useReportMessage } from '../api/report-message.ts';
import { messageTexts } from '../message-texts.ts';
import { MessageComposer } from './message-composer.tsx';
import { messageTime } from './message-time.ts';

/** What the view shows of a conversation; one not started yet has no id and no messages. */
export type ConversationShown = Pick<Conversation, 'otherMember' | 'booked' | 'canWrite' | 'cannotWriteReason'> & {
  id: string | null;
  ride: Pick<Conversation['ride'], 'id' | 'fromLocation' | 'toLocation' | 'departureDate' | 'departureTime'>;
  messages: Message[];
};

/**
 * One conversation: whom and which ride it is about, the messages oldest first (the member's own
 * on the right, the other's on the left with Report, each with its time in Ghana), before a
 * booking the note that contact details stay hidden, and the composer (or why one cannot write).
 */
export function ConversationView({
  conversation,
  onSend,
  sending,
  sendError,
}: {
  conversation: ConversationShown;
  onSend: (text: string, sent: () => void) => void;
  sending: boolean;
  sendError: string | null;
}) {
  const { otherMember, ride, messages, booked } = conversation;
  const [reporting, setReporting] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  // The newest message in view when the thread opens and when one arrives.
  useEffect(() => {
    if (newest) end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);
  return (
    <Thread>
      <Head>
        <BackLink to="/messages">← Messages</BackLink>
        <Who>
          <Avatar name={otherMember.firstName} photoUrl={otherMember.profileImageUrl} size={44} />
          <div>
            <h1>{otherMember.firstName}</h1>
            <RideLink to={`/ride-preview/${ride.id}`}>
              {ride.fromLocation} → {ride.toLocation} · {formatDeparture(ride)}
            </RideLink>
          </div>
        </Who>
      </Head>
      {messages.length === 0 ? (
        <Muted>{messageTexts.firstMessage}</Muted>
      ) : (
        <List aria-label={`Messages with ${otherMember.firstName}`}>
          {messages.map((message) => (
            <Item key={message.id} $mine={message.mine} aria-label={message.mine ? 'You' : otherMember.firstName}>
              <Bubble $mine={message.mine}>{message.body}</Bubble>
              <Meta>
                <time dateTime={message.sentAt}>{messageTime(message.sentAt)}</time>
                {message.mine ? null : (
                  <ReportButton type="button" onClick={() => setReporting(message.id)}>
                    Report
                  </ReportButton>
                )}
              </Meta>
            </Item>
          ))}
        </List>
      )}
      <div ref={end} />
      {conversation.canWrite ? (
        <>
          {booked ? null : <Note role="note">{messageMessages.masked}</Note>}
          <MessageComposer onSend={onSend} sending={sending} error={sendError} />
        </>
      ) : (
        <Note role="status">{conversation.cannotWriteReason ?? messageMessages.unavailable}</Note>
      )}
      {reporting && conversation.id ? (
        <ReportMessage conversationId={conversation.id} messageId={reporting} name={otherMember.firstName} onClose={() => setReporting(null)} />
      ) : null}
    </Thread>
  );
}

function ReportMessage({ conversationId, messageId, name, onClose }: { conversationId: string; messageId: string; name: string; onClose: () => void }) {
  const report = useReportMessage();
  const { toast, toastFailure } = useToast();
  return (
    <ReportReasonDialog
      title={`Report ${name}’s message`}
      pending={report.isPending}
      onClose={onClose}
      onSend={(choice) =>
        report.mutate(
          { conversationId, report: { messageId, ...choice } },
          {
            onSuccess: () => {
              toast({ title: 'Report sent', description: messageTexts.reportThanks });
              onClose();
            },
            onError: toastFailure('Error', messageTexts.reportFailure),
          },
        )
      }
    />
  );
}

const Thread = styled.div`
  display: grid;
  gap: 14px;
  max-width: 760px;
  margin: 0 auto;
  width: 100%;
`;

const Head = styled.header`
  display: grid;
  gap: 8px;
  padding-bottom: 12px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const BackLink = styled(Link)`
  justify-self: start;
  font-weight: 600;
`;

const Who = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  min-width: 0;

  > div { display: grid; min-width: 0; }
  h1 { font-size: 1.375rem; overflow-wrap: anywhere; }
`;

const RideLink = styled(Link)`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
  overflow-wrap: anywhere;
`;

const List = styled.ol`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $mine: boolean }>`
  display: grid;
  gap: 2px;
  justify-items: ${({ $mine }) => ($mine ? 'end' : 'start')};
`;

const Bubble = styled.p<{ $mine: boolean }>`
  max-width: min(85%, 520px);
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $mine }) => ($mine ? theme.color.primary : theme.color.surface)};
  color: ${({ theme, $mine }) => ($mine ? theme.color.onPrimary : theme.color.text)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Meta = styled.span`
  display: flex;
  gap: 8px;
  align-items: center;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.color.muted};
`;

const ReportButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;

const Note = styled.p`
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  font-size: 0.875rem;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.muted};
`;
