import type { ConversationSummary } from '@krom/contracts/http/messages';
import { Avatar } from '@krom/ui-kit/avatar.tsx';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PageColumn, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { formatDeparture } from '../../../components/ride-card.tsx';
import { useConversations } from '../api/get-conversations.ts';
import { messageTexts } from '../message-texts.ts';
import { messageTime } from './message-time.ts';

/**
 * /messages: the member's conversations, one per ride and other member, newest first, each with
 * the other member's first name and photo, the ride, the last message and how many are unread.
 */
export function MessagesPage() {
  return <SignedInPage>{() => <Conversations />}</SignedInPage>;
}

function Conversations() {
  const conversations = useConversations();
  return (
    <PageColumn>
      <PageTitle>{messageTexts.title}</PageTitle>
      {conversations.isPending ? (
        <Spinner />
      ) : conversations.isError ? (
        <QueryFailure message={messageTexts.listFailure} onRetry={() => void conversations.refetch()} />
      ) : conversations.data.length === 0 ? (
        <EmptyState title={messageTexts.emptyTitle} text={messageTexts.emptyText} action={{ to: '/ride-listings', label: 'Find a Ride' }} />
      ) : (
        <StackedList aria-label="Conversations">
          {conversations.data.map((conversation) => (
            <ConversationItem key={conversation.id} conversation={conversation} />
          ))}
        </StackedList>
      )}
    </PageColumn>
  );
}

const unreadText = (count: number) => `${count} unread`;

function ConversationItem({ conversation }: { conversation: ConversationSummary }) {
  const { otherMember, ride, lastMessage, unreadCount } = conversation;
  return (
    <li>
      <Item to={`/messages/${conversation.id}`} aria-label={`${otherMember.firstName}, ${ride.fromLocation} to ${ride.toLocation}${unreadCount > 0 ? `, ${unreadText(unreadCount)}` : ''}`}>
        <Avatar name={otherMember.firstName} photoUrl={otherMember.profileImageUrl} size={48} />
        <Body>
          <Top>
            <strong>{otherMember.firstName}</strong>
            {lastMessage ? <time dateTime={lastMessage.sentAt}>{messageTime(lastMessage.sentAt)}</time> : null}
          </Top>
          <Ride>
            {ride.fromLocation} → {ride.toLocation} · {formatDeparture(ride)}
          </Ride>
          <Bottom>
            <Preview $unread={unreadCount > 0}>{lastMessage ? `${lastMessage.mine ? 'You: ' : ''}${lastMessage.body}` : null}</Preview>
            {unreadCount > 0 ? <Badge aria-hidden="true">{unreadCount > 99 ? '99+' : unreadCount}</Badge> : null}
          </Bottom>
        </Body>
      </Item>
    </li>
  );
}

const Item = styled(Link)`
  display: flex;
  gap: 12px;
  align-items: center;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;

  &:hover { background: ${({ theme }) => theme.color.surface}; }
`;

const Body = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
  flex: 1;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;

  strong { overflow-wrap: anywhere; }
  time { flex: none; font-size: 0.8125rem; color: ${({ theme }) => theme.color.muted}; }
`;

const Ride = styled.span`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.muted};
  overflow-wrap: anywhere;
`;

const Bottom = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 0;
`;

/** One line of the last message, cut with an ellipsis on a narrow phone. */
const Preview = styled.span<{ $unread: boolean }>`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-weight: ${({ $unread }) => ($unread ? 700 : 400)};
`;

const Badge = styled.span`
  flex: none;
  min-width: 22px;
  height: 22px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 22px;
  text-align: center;
`;
