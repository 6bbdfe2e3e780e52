import type { Notification } from '@krom/contracts/http/notifications';
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
  const [tab, setTab] = useState<TabId>('all');

  const failed = toastFailure('Error', 'Failed to update notifications. Please try again.');

  const open = (item: Notification) => {
    if (!item.isRead) markRead.mutate(item.id, { onError: failed });
  };
  // Ride requests (the only items that ask for an answer) arrive with a later release; until
  // then an answer only marks the item read, and the person is told so.
  const answer = (item: Notification) =>
    markRead.mutate(item.id, {
      onSuccess: () => toast({ title: 'Coming Soon', description: 'Accepting and declining ride requests will be available soon.' }),
      onError: failed,
    });

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
                  busy={markRead.isPending && markRead.variables === item.id}
                  onOpen={() => open(item)}
                  onAnswer={() => answer(item)}
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


