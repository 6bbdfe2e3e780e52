import { Button } from '@krom/ui-kit/button.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import styled from 'styled-components';
import { useUnblockMember } from '../../../lib/api/unblock-member.ts';

/**
 * What a member sees of a driver they blocked, opened by a link: that they blocked them, and
 * Unblock (the whole profile, rides and booking come back once they do).
 */
export function BlockedDriverNotice({ memberId, name }: { memberId: string; name: string }) {
  const unblock = useUnblockMember();
  const { toast, toastFailure } = useToast();
  return (
    <Notice role="status" aria-label="You blocked this member">
      <strong>You blocked this member</strong>
      <p>You and {name} do not see each other’s rides and cannot book each other. Unblock them to see their profile and rides again.</p>
      <Button
        $variant="secondary"
        disabled={unblock.isPending}
        onClick={() =>
          unblock.mutate(memberId, {
            onSuccess: () => toast({ title: 'Member unblocked', description: `You can see ${name}’s rides again.` }),
            onError: toastFailure('Error', 'Failed to unblock. Please try again.'),
          })
        }
      >
        {unblock.isPending ? 'Unblocking...' : 'Unblock'}
      </Button>
    </Notice>
  );
}

const Notice = styled.section`
  display: grid;
  justify-items: start;
  gap: 8px;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};

  p { color: ${({ theme }) => theme.color.muted}; font-size: 0.9375rem; }
`;
