import { bookingMessages } from '@krom/contracts/http/bookings';
import { bookingToAnswer, type Notification } from '@krom/contracts/http/notifications';
import { statusOf } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { ResponsiveTabs, type TabItem, TabPanel } from '@krom/ui-kit/responsive-tabs.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { useNotifications } from '@krom/ui-kit/signed-in-frame-notifications.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useState } from 'react';
import { Cluster } from '@krom/ui-kit/layout.tsx';
import { StatusBadge } from '@krom/ui-kit/status-badge.tsx';
import styled from 'styled-components';
import { type BookingAnswer, useAnswerBookingRequest } from '../api/answer-booking-request.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { NotificationItem } from './notification-item.tsx';

type TabId = 'all' | Notification['type'];
const tabs: TabItem<TabId>[] = [
  { id: 'all', label: 'All' },
  { id: 'ride_request', label: 'Ride Requests' },
  { id: 'booking', label: 'Bookings' },
  { id: 'payment', label: 'Payments' },
  { id: 'system', label: 'System' },
];

/** /notifications. Its side menu omits My Vehicles, as the spec describes this page's menu. */
export function NotificationsPage() {
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user} showVehicles={false}>
          <NotificationsScreen />
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

function NotificationsScreen() {
  const { toast, toastFailure } = useToast();
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const answerRequest = useAnswerBookingRequest();
  const [tab, setTab] = useState<TabId>('all');
  // What the driver answered each request here: shown on its card once it is read.
  const [answered, setAnswered] = useState<Record<string, BookingAnswer>>({});

  const failed = toastFailure('Error', 'Failed to update notifications. Please try again.');

  const open = (item: Notification) => {
    if (!item.isRead) markRead.mutate(item.id, { onError: failed });
  };
  // A booking request is answered for real (the rides service accepts or declines it), then the
  // notice is read: its buttons go and the card says what was answered. A request that can no
  // longer be answered (it lapsed, or was answered elsewhere) is read too, with the reason.
  const answer = (item: Notification, bookingId: string, choice: BookingAnswer) =>
    answerRequest.mutate(
      { bookingId, answer: choice },
      {
        onSuccess: (booking) => {
          setAnswered((before) => ({ ...before, [item.id]: choice }));
          markRead.mutate(item.id, { onError: failed });
          toast(
            choice === 'accept'
              ? { title: 'Booking accepted', description: `${booking.passengerFirstName}'s booking is ${booking.status === 'confirmed' ? 'confirmed' : 'accepted'}.` }
              : { title: 'Booking declined', description: `${booking.passengerFirstName} has been told.` },
          );
        },
        onError: (error) => {
          const status = statusOf(error);
          if (status === 404 || status === 409) markRead.mutate(item.id);
          toastFailure('Error', choice === 'accept' ? bookingMessages.transition.accept : bookingMessages.transition.decline)(error);
        },
      },
    );

  if (list.isPending) return <Spinner fullPage />;
  if (list.isError) {
    return (
      <Column>
        <h1>Notifications</h1>
        <p role="alert">Your notifications could not be loaded.</p>
        <div>
          <Button $variant="secondary" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      </Column>
    );
  }

  const { items, unreadCount, actionRequiredCount } = list.data;
  const shown = tab === 'all' ? items : items.filter((item) => item.type === tab);
  return (
    <Column>
      <Heading>
        <div>
          <h1>Notifications</h1>
          <Cluster as="p">
            <StatusBadge tone="success" size="md">
              {unreadCount} Unread
            </StatusBadge>
            <StatusBadge tone="warning" size="md">
              {actionRequiredCount} Action Required
            </StatusBadge>
          </Cluster>
        </div>
        <Button
          $variant="secondary"
          disabled={unreadCount === 0 || markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: failed })}
        >
          Mark All as Read
        </Button>
      </Heading>
      <ResponsiveTabs label="Notification types" idPrefix="notifications" tabs={tabs} selected={tab} onSelect={setTab} />
      <TabPanel idPrefix="notifications" id={tab}>
        {shown.length === 0 ? (
          <EmptyState title="No notifications yet" text="We'll let you know when something needs your attention." />
        ) : (
          <StackedList>
            {shown.map((item) => (
              <li key={item.id}>
                <NotificationItem
                  notification={item}
                  busy={(markRead.isPending && markRead.variables === item.id) || (answerRequest.isPending && answerRequest.variables?.bookingId === bookingToAnswer(item))}
                  answered={answered[item.id]}
                  onOpen={() => open(item)}
                  onAnswer={(choice) => {
                    const bookingId = bookingToAnswer(item);
                    if (bookingId) answer(item, bookingId, choice);
                  }}
                />
              </li>
            ))}
          </StackedList>
        )}
      </TabPanel>
    </Column>
  );
}

const Column = styled.div`
  display: grid;
  gap: 16px;
  max-width: 760px;
  margin: 0 auto;

  h1 { font-size: 1.75rem; }
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 12px;

  > div {
    display: grid;
    gap: 8px;
  }
`;


