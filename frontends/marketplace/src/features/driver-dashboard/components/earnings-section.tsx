import { Spinner } from '@krom/ui-kit/spinner.tsx';
import styled from 'styled-components';
import { PageSection } from '../../../components/page-layout.tsx';
import { QueryFailure } from '../../../components/query-failure.tsx';
import { useDriverEarnings } from '../api/get-driver-earnings.ts';
import { EarningsCards } from './earnings-cards.tsx';
import { EarningsChart } from './earnings-chart.tsx';

/** The driver's earnings from the payments service: what was paid out to them, by period and by week. */
export function EarningsSection() {
  const earnings = useDriverEarnings();
  return (
    <PageSection title="Earnings">
      {earnings.isPending ? <Spinner /> : null}
      {earnings.isError ? <QueryFailure message="Your earnings could not be loaded." onRetry={() => void earnings.refetch()} /> : null}
      {earnings.data ? (
        <>
          <EarningsCards earnings={earnings.data} />
          <EarningsChart earnings={earnings.data} />
          <Note>What was paid out to your mobile money number for the seats passengers paid for.</Note>
        </>
      ) : null}
    </PageSection>
  );
}

const Note = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;
