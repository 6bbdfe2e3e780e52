import type { User } from '@krom/contracts/http/auth';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { ProgressBar } from '@krom/ui-kit/progress-bar.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { Link } from 'react-router-dom';
import { StatusBadge, type StatusTone } from '@krom/ui-kit/status-badge.tsx';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { type CompletionState, profileCompletion } from '../profile-completion.ts';
import { ListRow } from './ride-row.tsx';

const badges: Record<CompletionState, { label: string; tone: StatusTone }> = {
  done: { label: 'Complete', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  todo: { label: 'To do', tone: 'neutral' },
};

/** The Profile tab: how far the account is set up, each step linking to where it is done. */
export function ProfileCompletionList({ user, vehicleCount }: { user: User; vehicleCount: number }) {
  const steps = profileCompletion(user, vehicleCount);
  const done = steps.filter((step) => step.state === 'done').length;
  return (
    <Stack>
      <Stack $gap={8}>
        <strong>
          {done} of {steps.length} complete
        </strong>
        <ProgressBar percent={(done / steps.length) * 100} aria-hidden="true" />
      </Stack>
      <StackedList>
        {steps.map((step) => {
          const badge = badges[step.state];
          return (
            <ListRow key={step.id} aria-label={step.title}>
              <div>
                <Title>
                  {step.title}
                  <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
                </Title>
                <Detail>{step.detail}</Detail>
              </div>
              {screenExists(step.link.to) ? <Link to={step.link.to}>{step.link.label}</Link> : null}
            </ListRow>
          );
        })}
      </StackedList>
      {screenExists('/find-ride') ? (
        <ButtonLink to="/find-ride" $variant="secondary" $block>
          Find your next ride
        </ButtonLink>
      ) : null}
    </Stack>
  );
}

const Title = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-weight: 700;
`;

const Detail = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;
