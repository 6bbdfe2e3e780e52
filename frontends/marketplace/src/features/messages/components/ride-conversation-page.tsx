import type { RideDetails } from '@krom/contracts/http/rides';
import { serverMessage } from '@krom/ui-kit/api-request.ts';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { PageColumn, PageLead, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useRide } from '../../../lib/api/ride.ts';
import { useConversations } from '../api/get-conversations.ts';
import { useMessageDriver } from '../api/message-driver.ts';
import { messageTexts } from '../message-texts.ts';
import { type ConversationShown, ConversationView } from './conversation-view.tsx';

/**
 * /messages/ride/{rideId}, where Contact Driver leads: the member's conversation about that ride
 * if there is one, else an empty one with its driver that the first message starts. A guest is
 * sent to log in first and comes back here.
 */
export function RideConversationPage() {
  const { rideId = '' } = useParams();
  return <SignedInPage>{() => <RideConversation rideId={rideId} />}</SignedInPage>;
}

function RideConversation({ rideId }: { rideId: string }) {
  const conversations = useConversations();
  const ride = useRide(rideId);
  if (conversations.isPending || ride.isPending) return <Spinner />;
  if (conversations.isError) return <QueryFailure message={messageTexts.listFailure} onRetry={() => void conversations.refetch()} />;
  // One conversation per ride for its passenger: the one already started, if any.
  const existing = conversations.data.find((conversation) => conversation.ride.id === rideId && conversation.role === 'passenger');
  if (existing) return <Navigate to={`/messages/${existing.id}`} replace />;
  if (ride.isError) return <QueryFailure message="Failed to load ride details" onRetry={() => void ride.refetch()} />;
  if (ride.data.isOwnRide) {
    return (
      <PageColumn>
        <PageTitle>This is your ride</PageTitle>
        <PageLead>Passengers who write to you about it appear in your messages.</PageLead>
        <div>
          <ButtonLink to="/messages" $variant="secondary">
            Back to Messages
          </ButtonLink>
        </div>
      </PageColumn>
    );
  }
  return <NewConversation ride={ride.data} />;
}

function NewConversation({ ride }: { ride: RideDetails }) {
  const start = useMessageDriver(ride.id);
  const navigate = useNavigate();
  const firstName = ride.driverName.split(' ')[0] ?? ride.driverName;
  const conversation: ConversationShown = {
    id: null,
    ride,
    otherMember: { id: ride.driverId, firstName, profileImageUrl: ride.driverPhotoUrl },
    messages: [],
    // Whether the member has booked is the server's to say once the conversation exists; until then the note stands.
    booked: false,
    canWrite: true,
    cannotWriteReason: null,
  };
  return (
    <ConversationView
      conversation={conversation}
      sending={start.isPending}
      sendError={start.isError ? (serverMessage(start.error) ?? messageTexts.sendFailure) : null}
      onSend={(text) => start.mutate(text, { onSuccess: (sent) => navigate(`/messages/${sent.conversationId}`, { replace: true }) })}
    />
  );
}
