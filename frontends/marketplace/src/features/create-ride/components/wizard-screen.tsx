import type { User } from '@krom/contracts/http/auth';
import { Button } from '@krom/ui-kit/button.tsx';
import { ProgressBar } from '@krom/ui-kit/progress-bar.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { PageColumn, SignedInPage } from '../../../components/page-layout.tsx';
import { useDraftsReadable } from '../ride-draft.ts';
import { wizardTexts } from '../wizard-texts.ts';
import { PostingRightsGate } from './posting-rights-gate.tsx';

export type WizardStep = 1 | 2 | 3 | 4;

type WizardScreenProps = { step: WizardStep; title: string; lead: string; children: (user: User) => ReactNode };

/**
 * One step of the ride wizard: signed-in only (visitors go to /login), behind the posting-rights
 * gate, with the step's place in the four and its title. The first step asks the server about
 * posting rights afresh; the others use the answer already in memory.
 */
export function WizardScreen(props: WizardScreenProps) {
  return <SignedInPage>{(user) => <WizardStepScreen user={user} {...props} />}</SignedInPage>;
}

/**
 * A step's draft is read once its schemas have loaded (started here, beside the posting-rights
 * check, and only when there is a draft): until then the step's form waits under its title.
 */
function WizardStepScreen({ user, step, title, lead, children }: WizardScreenProps & { user: User }) {
  const draftsReadable = useDraftsReadable(user.id);
  return (
    <Column $width={560}>
      <PostingRightsGate recheck={step === 1}>
        <Intro>
          <Eyebrow>
            {wizardTexts.eyebrow} · {wizardTexts.stepOf(step)}
          </Eyebrow>
          <ProgressBar percent={step * 25} aria-hidden="true" />
          <h1>{title}</h1>
          <p>{lead}</p>
        </Intro>
        {draftsReadable ? children(user) : <Spinner />}
      </PostingRightsGate>
    </Column>
  );
}

const Column = styled(PageColumn)`
  h1 { font-size: 1.5rem; }
  ${({ theme }) => theme.media.md} {
    h1 { font-size: 1.75rem; }
  }
`;

const Intro = styled.header`
  display: grid;
  gap: 8px;

  > p:last-child { color: ${({ theme }) => theme.color.muted}; }
`;

const Eyebrow = styled.p`
  font-size: 0.875rem;
  font-weight: 700;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.primary};
`;

/** The way back to the step before (`back`, none on the first step) and Continue, which submits the step's form. */
export function StepNavigation({ back }: { back?: string }) {
  const navigate = useNavigate();
  return (
    <StepActions>
      {back ? (
        <Button $variant="secondary" $size="lg" onClick={() => navigate(back)}>
          {wizardTexts.back}
        </Button>
      ) : null}
      <Button type="submit" $size="lg" $block>
        {wizardTexts.continue}
      </Button>
    </StepActions>
  );
}

/** The step's way on and back: Back on the left, the main button filling the rest. */
export const StepActions = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 12px;
  margin-top: 4px;

  &:has(> :only-child) { grid-template-columns: 1fr; }
`;

export const StepForm = styled.form`
  display: grid;
  gap: 20px;
`;
