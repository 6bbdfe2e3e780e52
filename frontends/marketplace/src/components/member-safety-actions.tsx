import { Button } from '@krom/ui-kit/button.tsx';
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';

// The dialogs (and their requests) load only when a member opens one: most visits never do.
const loadDialogs = () => import('./member-safety-dialogs.tsx');
const BlockMemberDialog = lazy(() => loadDialogs().then((m) => ({ default: m.BlockMemberDialog })));
const ReportMemberDialog = lazy(() => loadDialogs().then((m) => ({ default: m.ReportMemberDialog })));

export type SafetySource = { source: 'profile' | 'booking' | 'review'; sourceId?: string };

/**
 * Block and Report for another member (a driver's profile, a booking's other side), each asking
 * first in a dialog. `memberRole` names them in the buttons ("Block driver", "Report passenger").
 */
export function MemberSafetyActions({ memberId, name, memberRole, from }: { memberId: string; name: string; memberRole: 'driver' | 'passenger'; from: SafetySource }) {
  const [open, setOpen] = useState<'block' | 'report' | null>(null);
  const close = () => setOpen(null);
  return (
    <Actions>
      <Button $variant="secondary" onClick={() => setOpen('block')} aria-label={`Block ${name}`}>
        Block {memberRole}
      </Button>
      <Button $variant="secondary" onClick={() => setOpen('report')} aria-label={`Report ${name}`}>
        Report {memberRole}
      </Button>
      <Suspense fallback={null}>
        {open === 'block' ? <BlockMemberDialog memberId={memberId} name={name} onClose={close} /> : null}
        {open === 'report' ? <ReportMemberDialog memberId={memberId} name={name} from={from} onClose={close} /> : null}
      </Suspense>
    </Actions>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
