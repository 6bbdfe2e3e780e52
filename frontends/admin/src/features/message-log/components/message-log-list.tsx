import type { MessageLogEntry } from '@krom/contracts/http/staff-messages';
import { Button } from '@krom/ui-kit/button.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useState } from 'react';
import styled from 'styled-components';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { type MessageChannel, useMessageLog } from '../api/get-message-log.ts';
import { MessageStatusBadge } from './message-status-badge.tsx';

/** Longer texts show this many characters until expanded. */
export const messagePreviewLength = 120;

/** One channel's log as cards (a phone-width table could not show the texts), with older pages on demand. */
export function MessageLogList({ channel }: { channel: MessageChannel }) {
  const log = useMessageLog(channel);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const name = channel === 'sms' ? 'SMS' : 'e-mails';

  if (log.isPending) return <Spinner />;
  if (log.isError) return <p role="alert">The message log could not be loaded. Reload the page to try again.</p>;
  return (
    <>
      {entries.length === 0 ? (
        <Empty>No {name} sent yet</Empty>
      ) : (
        <List aria-label={channel === 'sms' ? 'SMS log' : 'E-mail log'}>
          {entries.map((entry) => (
            <MessageCard key={entry.id} entry={entry} />
          ))}
        </List>
      )}
      {log.isFetchNextPageError ? <p role="alert">Older messages could not be loaded. Try again.</p> : null}
      {log.hasNextPage ? (
        <Button $variant="secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </>
  );
}

function MessageCard({ entry }: { entry: MessageLogEntry }) {
  const [expanded, setExpanded] = useState(false);
  const long = entry.text.length > messagePreviewLength;
  const text = long && !expanded ? `${entry.text.slice(0, messagePreviewLength).trimEnd()}…` : entry.text;
  return (
    <li>
      <Top>
        <MessageStatusBadge status={entry.status} />
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </Top>
      <Meta>
        <span>
          <strong>To</strong> {entry.destination}
        </span>
        <span>
          <strong>Type</strong> {entry.messageType.replaceAll('_', ' ')}
        </span>
        {entry.attempts > 1 ? (
          <span>
            <strong>Attempts</strong> {entry.attempts}
          </span>
        ) : null}
      </Meta>
      {entry.error ? <ErrorText>Error: {entry.error}</ErrorText> : null}
      {entry.subject ? <Subject>{entry.subject}</Subject> : null}
      <Text>{text}</Text>
      {long ? (
        <Toggle type="button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : 'Show more'}
        </Toggle>
      ) : null}
    </li>
  );
}

const List = styled.ul`
  display: grid;
  gap: 12px;
  padding: 0;
  margin: 0 0 16px;
  list-style: none;

  li {
    display: grid;
    gap: 6px;
    padding: 12px 14px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    min-width: 0;
  }
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;

  time {
    font-size: 0.875rem;
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  font-size: 0.9375rem;
  overflow-wrap: anywhere;

  strong {
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.color.muted};
  }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.9375rem;
  overflow-wrap: anywhere;
`;

const Subject = styled.p`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Text = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Toggle = styled.button`
  justify-self: start;
  min-height: 36px;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
  cursor: pointer;
`;

const Empty = styled.p`
  padding: 32px 16px;
  text-align: center;
  color: ${({ theme }) => theme.color.muted};
`;
