import type { User } from '@krom/contracts/http/auth';
import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { ProgressBar } from '@krom/ui-kit/progress-bar.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { type CompletionState, profileCompletion } from '../profile-completion.ts';
import { ListRow } from './ride-row.tsx';

const badges: Record<CompletionState, { label: string; ink: string; soft: string }> = {
  done: { label: 'Complete', ink: '#0a7a4b', soft: '#e6f4ed' },
  pending: { label: 'Pending', ink: '#b54708', soft: '#fef0c7' },
  todo: { label: 'To do', ink: '#55635b', soft: '#eef1ef' },
};

/** The Profile tab: how far the account is set up, each step linking to where it is done. */
export function ProfileCompletionList({ user, vehicleCount }: { user: User; vehicleCount: number }) {
  const steps = profileCompletion(user, vehicleCount);
  const done = steps.filter((step) => step.state === 'done').length;
  return (
    <Stack>
      <Summary>
        <strong>
          {done} of {steps.length} complete
        </strong>
        <ProgressBar percent={(done / steps.length) * 100} aria-hidden="true" />
      </Summary>
      <StackedList>
        {steps.map((step) => {
          const badge = badges[step.state];
          return (
            <ListRow key={step.id} aria-label={step.title}>
              <div>
                <Title>
                  {step.title}
                  <Badge $ink={badge.ink} $soft={badge.soft}>
                    {badge.label}
                  </Badge>
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

const Stack = styled.div`
  display: grid;
  gap: 16px;
`;

const Summary = styled.div`
  display: grid;
  gap: 8px;
`;

const Title = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-weight: 700;
`;

const Badge = styled.span<{ $ink: string; $soft: string }>`
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ $soft }) => $soft};
  color: ${({ $ink }) => $ink};
  font-size: 0.75rem;
`;

const Detail = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;
