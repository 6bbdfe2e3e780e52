import type { VerificationStatus } from '@krom/contracts/http/auth';
import { rideMessages } from '@krom/contracts/http/ride-values';
import type { PostingRights, PostingStep } from '@krom/contracts/http/rides';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { IconDisc } from '@krom/ui-kit/line-icon.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { usePostingRights } from '../api/get-posting-rights.ts';

export const gateTexts = {
  title: 'Before you post a ride',
  lead: 'Passengers ride with verified drivers. Finish these steps in order, then come back to post your ride.',
  failed: 'We could not check whether you can post a ride.',
  steps: {
    verify_identity: 'Verify your identity',
    verify_driver: 'Complete driver verification',
    add_vehicle: 'Add your vehicle',
  },
  approved: 'Done',
  pending: 'Submitted and pending review. You can post rides once it is approved.',
  rejected: 'Your last submission was declined. Please submit it again.',
  notSubmitted: 'Not started',
  vehicles: (count: number) => (count === 1 ? '1 vehicle added' : `${count} vehicles added`),
  noVehicle: 'No vehicle added yet',
  actions: {
    verify_identity: 'Verify Identity',
    verify_driver: 'Verify as a Driver',
    add_vehicle: 'Add a Vehicle',
  },
} as const;

/** Where each step is done; a vehicle added from here leads back into the wizard. */
const stepTargets: Record<PostingStep, string> = {
  verify_identity: '/verify-identity',
  verify_driver: '/driver-verification',
  add_vehicle: '/add-vehicle?next=/create-ride',
};

type StepState = 'done' | 'pending' | 'todo';
type StepView = { step: PostingStep; state: StepState; status: string; action: string | null };

function statusView(step: PostingStep, status: VerificationStatus): StepView {
  if (status === 'approved') return { step, state: 'done', status: gateTexts.approved, action: null };
  if (status === 'pending') return { step, state: 'pending', status: gateTexts.pending, action: null };
  if (status === 'rejected') return { step, state: 'todo', status: gateTexts.rejected, action: gateTexts.actions[step] };
  return { step, state: 'todo', status: gateTexts.notSubmitted, action: gateTexts.actions[step] };
}

function stepViews(rights: PostingRights): StepView[] {
  return [
    statusView('verify_identity', rights.identityStatus),
    statusView('verify_driver', rights.driverStatus),
    rights.vehicleCount > 0
      ? { step: 'add_vehicle', state: 'done', status: gateTexts.vehicles(rights.vehicleCount), action: null }
      : { step: 'add_vehicle', state: 'todo', status: gateTexts.noVehicle, action: gateTexts.actions.add_vehicle },
  ];
}

/**
 * The spec's posting-rights gate: the wizard only for a user who may post (identity and driver
 * verification approved, a vehicle added); anyone else sees the steps in the spec's order, each
 * with where it stands, and the first one they can act on leads there.
 */
export function PostingRightsGate({ recheck, children }: { recheck: boolean; children: ReactNode }) {
  const rights = usePostingRights({ recheck });
  if (rights.isPending) return <Spinner />;
  if (rights.isError) {
    return <QueryFailure message={gateTexts.failed} onRetry={() => rights.refetch()} />;
  }
  if (rights.data.canPost) return children;
  return <PostingSteps rights={rights.data} />;
}

/**
 * The one step offered now: the first still to do, in order. A step waiting for review does not
 * hold up the next one (the server accepts driver details while the identity is being checked),
 * but nothing is offered ahead of a step not yet started.
 */
function offeredStep(views: StepView[]): StepView | undefined {
  for (const view of views) {
    if (view.state === 'todo') return view;
  }
  return undefined;
}

function PostingSteps({ rights }: { rights: PostingRights }) {
  const views = stepViews(rights);
  const next = rights.nextStep ?? 'add_vehicle';
  const offered = offeredStep(views);
  return (
    <Gate aria-labelledby="posting-gate-title">
      <header>
        <h1 id="posting-gate-title">{gateTexts.title}</h1>
        <Lead>{rideMessages[leadMessage[next]]}.</Lead>
        <p>{gateTexts.lead}</p>
      </header>
      <Steps>
        {views.map((view, index) => (
          <Step key={view.step} $state={view.state} aria-current={view.step === next ? 'step' : undefined}>
            <Marker $state={view.state} aria-hidden="true">
              {view.state === 'done' ? (
                <svg width="18" height="18" viewBox="0 0 24 24">
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
              ) : (
                index + 1
              )}
            </Marker>
            <div>
              <h2>{gateTexts.steps[view.step]}</h2>
              <p>{view.status}</p>
              {view === offered && view.action ? <ButtonLink to={stepTargets[view.step]}>{view.action}</ButtonLink> : null}
            </div>
          </Step>
        ))}
      </Steps>
    </Gate>
  );
}

const leadMessage: Record<PostingStep, 'needsIdentity' | 'needsDriver' | 'needsVehicle'> = {
  verify_identity: 'needsIdentity',
  verify_driver: 'needsDriver',
  add_vehicle: 'needsVehicle',
};

const Gate = styled.section`
  display: grid;
  gap: 20px;

  header { display: grid; gap: 6px; }
  header p:last-child { color: ${({ theme }) => theme.color.muted}; }
`;

const Lead = styled.p`
  font-size: 1.0625rem;
  font-weight: 600;
`;

const Steps = styled.ol`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Step = styled.li<{ $state: StepState }>`
  display: flex;
  gap: 12px;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};

  &[aria-current='step'] { border-color: ${({ theme }) => theme.color.primary}; }
  > div { display: grid; gap: 6px; min-width: 0; }
  h2 { font-size: 1.0625rem; }
  p { color: ${({ theme }) => theme.color.muted}; }
  a { justify-self: start; margin-top: 4px; }
`;

const Marker = styled(IconDisc).attrs({ $size: 32 })<{ $state: StepState }>`
  font-weight: 700;
  ${({ $state, theme }) =>
    $state === 'done'
      ? css`
          background: ${theme.color.primary};
          color: ${theme.color.onPrimary};
        `
      : $state === 'pending'
        ? css`
            background: ${theme.color.surface};
            color: ${theme.color.muted};
          `
        : null}
`;
