import type { User } from '@krom/contracts/http/auth';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { IconDisc } from '@krom/ui-kit/line-icon.tsx';
import { ResponsiveTabs, type TabItem, TabPanel } from '@krom/ui-kit/responsive-tabs.tsx';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PageColumn, PageLead, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { MyBookingsPanel } from './my-bookings-panel.tsx';
import { MyRidesPanel, RecentActivityPanel } from './my-rides-panels.tsx';
import { ProfileTab } from './profile-tab.tsx';

type TabId = 'activity' | 'bookings' | 'rides' | 'profile';
const tabs: TabItem<TabId>[] = [
  { id: 'activity', label: 'Recent Activity' },
  { id: 'bookings', label: 'My Bookings' },
  { id: 'rides', label: 'My Rides' },
  { id: 'profile', label: 'Profile' },
];

/**
 * /dashboard, the user dashboard: the user's real rides as a driver (GET /api/rides/mine), seats
 * booked as a passenger (GET /api/bookings/mine) and vehicles (GET /api/vehicles).
 */
export function DashboardPage() {
  return <SignedInPage>{(user) => <Dashboard user={user} />}</SignedInPage>;
}

/** The two main actions; one whose screen is not built yet is not offered (it would open the 404). */
const mainActions = [
  {
    to: '/ride-listings',
    title: 'Find a Ride',
    text: "Book a seat between Ghana's cities",
    icon: (
      <svg width="24" height="24" viewBox="0 0 24 24">
        <circle cx="11" cy="11" r="6.5" />
        <path d="M16 16l4.5 4.5" />
      </svg>
    ),
  },
  {
    to: '/create-ride',
    title: 'Post a Ride',
    text: 'Share your empty seats, cover your fuel',
    icon: (
      <svg width="24" height="24" viewBox="0 0 24 24">
        <path d="M5 16V11l2-5h10l2 5v5M5 16h14M5 16v2M19 16v2M12 1.5v4M10 3.5h4" />
      </svg>
    ),
  },
];

function Dashboard({ user }: { user: User }) {
  const [tab, setTab] = useState<TabId>('activity');
  const actions = mainActions.filter((action) => screenExists(action.to));
  return (
    <PageColumn>
      <header>
        <PageTitle>Welcome, {user.firstName}!</PageTitle>
        <PageLead>Where are you headed today?</PageLead>
      </header>
      {actions.length > 0 ? (
        <Actions>
          {actions.map((action) => (
            <ActionCard key={action.to} to={action.to}>
              <IconDisc $size={48} aria-hidden="true">
                {action.icon}
              </IconDisc>
              <span>
                <strong>{action.title}</strong>
                <small>{action.text}</small>
              </span>
            </ActionCard>
          ))}
        </Actions>
      ) : null}
      <section aria-label="Your activity">
        <ResponsiveTabs label="Dashboard sections" idPrefix="dashboard" tabs={tabs} selected={tab} onSelect={setTab} />
        <TabPanel idPrefix="dashboard" id={tab}>
          {tab === 'activity' ? <RecentActivityPanel /> : null}
          {tab === 'bookings' ? <MyBookingsPanel /> : null}
          {tab === 'rides' ? <MyRidesPanel /> : null}
          {tab === 'profile' ? <ProfileTab user={user} /> : null}
        </TabPanel>
      </section>
    </PageColumn>
  );
}

const Actions = styled.div`
  display: grid;
  gap: 12px;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

const ActionCard = styled(Link)`
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.card};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;

  &:hover { border-color: ${({ theme }) => theme.color.primary}; }

  > span:last-child {
    display: grid;
    gap: 2px;
  }
  strong { font-size: 1.0625rem; }
  small { font-size: 0.875rem; color: ${({ theme }) => theme.color.muted}; }
`;
