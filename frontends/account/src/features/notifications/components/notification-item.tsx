import { formatDateTimeInGhana } from '@krom/contracts/ghana-time';
import { bookingToAnswer, type Notification } from '@krom/contracts/http/notifications';
import { Button } from '@krom/ui-kit/button.tsx';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { sameSitePath } from '@krom/ui-kit/same-site-path.ts';
import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';
import { Cluster } from '@krom/ui-kit/layout.tsx';
import styled, { css } from 'styled-components';
import { relativeTime } from '../relative-time.ts';
import { NotificationTypeIcon } from './notification-type-icon.tsx';

/**
 * One notification. An unread item is one big tap target that marks it read (its title is the
 * button, stretched over the card); Accept and Decline, on an unread booking request (the only
 * notice there is an answer to), sit above that target.
 */
export function NotificationItem({
  notification,
  onOpen,
  onAnswer,
  answered,
  busy,
}: {
  notification: Notification;
  onOpen: () => void;
  onAnswer: (answer: 'accept' | 'decline') => void;
  /** What the reader answered the request on this screen. */
  answered?: 'accept' | 'decline' | undefined;
  busy: boolean;
}) {
  const { title, message, type, isRead, actionRequired, createdAt } = notification;
  const awaitingAnswer = actionRequired && !isRead && bookingToAnswer(notification) !== undefined;
  // The screen it points at (`data.link`, such as a matched ride's details): a path on this site only.
  const link = sameSitePath(notification.data?.link);
  return (
    <Card $unread={!isRead}>
      <NotificationTypeIcon type={type} />
      <Body>
        <Top>
          {isRead ? (
            <Title>{title}</Title>
          ) : (
            <h2>
              <TitleButton type="button" onClick={onOpen} disabled={busy}>
                {title}
              </TitleButton>
            </h2>
          )}
          <When dateTime={createdAt} title={formatDateTimeInGhana(createdAt)}>
            {relativeTime(createdAt)}
          </When>
        </Top>
        <Message>{message}</Message>
        {!isRead || actionRequired || answered ? (
          <Cluster>
            {!isRead ? (
              <UnreadMark>
                <span aria-hidden="true" />
                Unread
              </UnreadMark>
            ) : null}
            {actionRequired ? <StatusBadge tone="warning">Action Required</StatusBadge> : null}
            {answered ? <StatusBadge tone={answered === 'accept' ? 'success' : 'neutral'}>{answered === 'accept' ? 'Accepted' : 'Declined'}</StatusBadge> : null}
          </Cluster>
        ) : null}
        {link ? (
          <Go to={link} $size="md" $variant="secondary" onClick={isRead ? undefined : onOpen}>
            View details
          </Go>
        ) : null}
        {awaitingAnswer ? (
          <Answers>
            <Button $size="md" disabled={busy} onClick={() => onAnswer('accept')}>
              Accept
            </Button>
            <Button $size="md" $variant="secondary" disabled={busy} onClick={() => onAnswer('decline')}>
              Decline
            </Button>
          </Answers>
        ) : null}
      </Body>
      {isRead ? (
        <ReadCheck role="img" aria-label="Read">
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </ReadCheck>
      ) : null}
    </Card>
  );
}

const Card = styled.article<{ $unread: boolean }>`
  position: relative;
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};

  ${({ $unread, theme }) =>
    $unread &&
    css`
      border-color: ${theme.color.primary};
      background: ${theme.color.primarySoft};
    `}
`;

const Body = styled.div`
  flex: 1;
  min-width: 0;
  display: grid;
  gap: 6px;
`;

const Top = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 8px;

  h2 {
    margin: 0;
    min-width: 0;
    font-size: 1rem;
  }
`;

/** Under the page's h1 (axe: heading-order). */
const Title = styled.h2`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const TitleButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  font-weight: 700;
  text-align: left;
  overflow-wrap: anywhere;
  cursor: pointer;

  /* The whole card is the tap target. */
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }
`;

const When = styled.time`
  flex: none;
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.muted};
  white-space: nowrap;
`;

const Message = styled.p`
  color: ${({ theme }) => theme.color.text};
  font-size: 0.9375rem;
  overflow-wrap: anywhere;
`;

const UnreadMark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-size: 0.8125rem;
  font-weight: 700;
  color: ${({ theme }) => theme.color.primary};

  span {
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: currentColor;
  }
`;

/** Above the card's stretched tap target, like the answers. */
const Go = styled(ButtonLink)`
  position: relative;
  z-index: 1;
  justify-self: start;
  margin-top: 4px;
`;

const Answers = styled.div`
  position: relative;
  z-index: 1;
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
  margin-top: 4px;

  ${({ theme }) => theme.media.md} {
    display: flex;
  }
`;

const ReadCheck = styled.span`
  flex: none;
  color: ${({ theme }) => theme.color.primary};
`;
