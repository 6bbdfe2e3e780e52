import type { Conversation as ConversationData } from '@krom/contracts/http/messages';
import { serverMessage, statusOf } from '@krom/ui-kit/api-request.ts';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PageColumn, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useConversation } from '../api/get-conversation.ts';
import { useMarkConversationRead } from '../api/mark-conversation-read.ts';
import { useSendMessage } from '../api/send-message.ts';
import { messageTexts } from '../message-texts.ts';
import { ConversationView } from './conversation-view.tsx';

/** /messages/{conversationId}: one conversation, read as it opens and as messages arrive. */
export function ConversationPage() {
  const { conversationId = '' } = useParams();
  return <SignedInPage>{() => <Conversation conversationId={conversationId} />}</SignedInPage>;
}

function Conversation({ conversationId }: { conversationId: string }) {
  const conversation = useConversation(conversationId);
  if (conversation.isPending) return <Spinner />;
  if (conversation.isError) {
    if (statusOf(conversation.error) === 404) {
      return (
        <PageColumn>
          <PageTitle>Conversation not found</PageTitle>
          <Reason role="status">{messageTexts.notFound}</Reason>
          <div>
            <ButtonLink to="/messages" $variant="secondary">
              Back to Messages
            </ButtonLink>
          </div>
        </PageColumn>
      );
    }
    return <QueryFailure message={messageTexts.threadFailure} onRetry={() => void conversation.refetch()} />;
  }
  return <OpenConversation conversation={conversation.data} />;
}

function OpenConversation({ conversation }: { conversation: ConversationData }) {
  const send = useSendMessage(conversation.id);
  const markRead = useMarkConversationRead();
  const { mutate: markReadNow } = markRead;
  // Read on opening, and again whenever a new message from the other member shows up in it.
  const unread = conversation.unreadCount;
  useEffect(() => {
    if (unread > 0) markReadNow(conversation.id);
  }, [unread, conversation.id, markReadNow]);
  return (
    <ConversationView
      conversation={conversation}
      sending={send.isPending}
      sendError={send.isError ? (serverMessage(send.error) ?? messageTexts.sendFailure) : null}
      onSend={(text, sent) => send.mutate(text, { onSuccess: sent })}
    />
  );
}

const Reason = styled.p`
  color: ${({ theme }) => theme.color.muted};
`;
