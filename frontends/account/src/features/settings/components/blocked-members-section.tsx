import { Avatar } from '@krom/ui-kit/avatar.tsx';
import { Button } from '@krom/ui-kit/button.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import styled from 'styled-components';
import { useMyBlocks } from '../api/get-my-blocks.ts';
import { useUnblockMember } from '../api/unblock-member.ts';
import { SettingsCard } from './settings-card.tsx';

const description = 'You and the members you block do not see each other’s rides and cannot book each other. Bookings already confirmed between you stay.';

/** Account Settings' Blocked members: who the member blocked, each with Unblock. */
export function BlockedMembersSection() {
  const blocks = useMyBlocks();
  const unblock = useUnblockMember();
  const { toast, toastFailure } = useToast();
  return (
    <SettingsCard title="Blocked members" description={description}>
      {blocks.isPending ? <Spinner /> : null}
      {blocks.isError ? (
        <p role="alert">
          Your blocked members could not be loaded.{' '}
          <Button $variant="secondary" onClick={() => blocks.refetch()}>
            Try again
          </Button>
        </p>
      ) : null}
      {blocks.data?.length === 0 ? <p>You have not blocked anyone.</p> : null}
      {blocks.data && blocks.data.length > 0 ? (
        <List aria-label="Blocked members">
          {blocks.data.map((member) => {
            const name = `${member.firstName} ${member.lastName}`.trim();
            const busy = unblock.isPending && unblock.variables === member.memberId;
            return (
              <li key={member.memberId}>
                <Avatar name={name} photoUrl={member.profileImageUrl} size={36} />
                <span>{name}</span>
                <Button
                  $variant="secondary"
                  aria-label={`Unblock ${name}`}
                  disabled={busy}
                  onClick={() =>
                    unblock.mutate(member.memberId, {
                      onSuccess: () => toast({ title: 'Member unblocked', description: `${name} can see and book your rides again.` }),
                      onError: toastFailure('Error', 'Failed to unblock. Please try again.'),
                    })
                  }
                >
                  {busy ? 'Unblocking...' : 'Unblock'}
                </Button>
              </li>
            );
          })}
        </List>
      ) : null}
    </SettingsCard>
  );
}

const List = styled.ul`
  display: grid;
  gap: 12px;
  list-style: none;
  margin: 0;
  padding: 0;

  li {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: center;
    gap: 12px;
  }
`;
