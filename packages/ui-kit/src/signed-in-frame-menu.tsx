import type { User } from '@krom/contracts/http/auth';
import { useMutation } from '@tanstack/react-query';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from './button.tsx';
import { screenExists } from './declared-screens.ts';
import { SlideInPanel } from './slide-in-panel.tsx';
import { Avatar } from './avatar.tsx';
import { logout, useLeaveSignedInArea } from './signed-in-frame-sign-out.tsx';
import { useToast } from './toast-store.ts';

type MenuEntry = { label: string; to: string; count?: number };
type MenuGroup = { heading?: string; entries: MenuEntry[] };

type MenuOptions = { showVehicles: boolean; unreadMessages: number };

/** The spec's side menu (both documents' "Shared menus", Messages from the variant that has it), in its order. */
function menuGroups({ showVehicles, unreadMessages }: MenuOptions): MenuGroup[] {
  return [
    {
      entries: [
        { label: 'Dashboard', to: '/dashboard' },
        { label: 'Messages', to: '/messages', count: unreadMessages },
        { label: 'Find a Ride', to: '/ride-listings' },
        { label: 'Post a Ride', to: '/create-ride' },
        ...(showVehicles ? [{ label: 'My Vehicles', to: '/manage-vehicles' }] : []),
      ],
    },
    {
      heading: 'Rides',
      entries: [
        { label: 'Passenger', to: '/rides/as-passenger' },
        { label: 'Driver', to: '/rides/as-driver' },
      ],
    },
    {
      heading: 'Account',
      entries: [
        { label: 'Profile', to: '/profile' },
        { label: 'Account Settings', to: '/account-settings' },
        { label: 'Verify Identity', to: '/verify-identity' },
      ],
    },
    {
      heading: 'Payments',
      entries: [
        { label: 'Payments', to: '/payments' },
        { label: 'Payouts', to: '/driver-dashboard' },
      ],
    },
  ];
}

/** The menu without entries whose screen is not built yet (they would open the 404), nor groups left empty. */
function builtMenuGroups(options: MenuOptions): MenuGroup[] {
  return menuGroups(options)
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => screenExists(entry.to)) }))
    .filter((group) => group.entries.length > 0);
}

export function SignedInMenu({
  user,
  open,
  onClose,
  showVehicles,
  unreadMessages = 0,
}: {
  user: User;
  open: boolean;
  onClose: () => void;
  showVehicles: boolean;
  unreadMessages?: number;
}) {
  const { toast } = useToast();
  const leave = useLeaveSignedInArea();
  const signOut = useMutation({ mutationFn: logout });

  // The spec: go to / whether or not the server confirmed the logout.
  const onLogout = () =>
    signOut.mutate(undefined, {
      onError: () => toast({ variant: 'destructive', title: 'Logout Failed' }),
      onSettled: () => {
        onClose();
        void leave();
      },
    });

  return (
    <SlideInPanel open={open} onClose={onClose} label="Account menu">
      <Who>
        <Avatar name={`${user.firstName} ${user.lastName}`} photoUrl={user.profileImageUrl} size={48} />
        <span>
          <Name>
            {user.firstName} {user.lastName}
          </Name>
          <Email>{user.email}</Email>
        </span>
      </Who>
      <Nav aria-label="Account menu">
        {builtMenuGroups({ showVehicles, unreadMessages }).map((group) => (
          <Group key={group.heading ?? 'main'}>
            {group.heading ? <GroupHeading>{group.heading}</GroupHeading> : null}
            <ul>
              {group.entries.map((entry) => (
                <li key={entry.to}>
                  <Entry to={entry.to} end onClick={onClose} aria-label={entry.count ? `${entry.label}, ${entry.count} unread` : undefined}>
                    {entry.label}
                    {entry.count ? <EntryCount aria-hidden="true">{entry.count > 99 ? '99+' : entry.count}</EntryCount> : null}
                  </Entry>
                </li>
              ))}
            </ul>
          </Group>
        ))}
      </Nav>
      <Logout $variant="secondary" $block disabled={signOut.isPending} onClick={onLogout}>
        Logout
      </Logout>
    </SlideInPanel>
  );
}

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  padding-bottom: 12px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  min-width: 0;

  > span {
    display: grid;
    min-width: 0;
  }
`;

const Name = styled.span`
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const Email = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
  overflow-wrap: anywhere;
`;

const Group = styled.div`
  padding: 8px 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};

  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const GroupHeading = styled.h2`
  padding: 6px 12px 2px;
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.muted};
`;

const Entry = styled(NavLink)`
  display: flex;
  align-items: center;
  min-height: 44px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  color: ${({ theme }) => theme.color.text};
  font-weight: 500;
  text-decoration: none;

  &:hover { background: ${({ theme }) => theme.color.surface}; }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.color.primarySoft};
    color: ${({ theme }) => theme.color.primary};
    font-weight: 700;
  }
`;

const EntryCount = styled.span`
  margin-left: auto;
  min-width: 22px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.onDanger};
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 22px;
  text-align: center;
`;

/**
 * The entries scroll inside the panel, so Logout stays in sight at its foot: on a 360×780 phone
 * the whole menu is taller than the screen and Logout was below the fold.
 */
const Nav = styled.nav`
  flex: 0 1 auto;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const Logout = styled(Button)`
  margin-top: 4px;
  flex: none;
`;
