import { Button } from '@krom/ui-kit/button.tsx';
import { RequireSignedIn } from '@krom/ui-kit/require-signed-in.tsx';
import { ResponsiveTabs, type TabItem, TabPanel } from '@krom/ui-kit/responsive-tabs.tsx';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useState } from 'react';
import styled from 'styled-components';
import { usePayments } from '../api/get-payments.ts';
import { PaymentList } from './payment-list.tsx';
import { PaymentMethodsPanel } from './payment-methods-panel.tsx';
import { PaymentsOverview } from './payments-overview.tsx';

type TabId = 'overview' | 'history' | 'methods';
const tabs: TabItem<TabId>[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'history', label: 'History' },
  { id: 'methods', label: 'Payment Methods' },
];

/** /payments: Overview, History, Payment Methods. Signed-out visitors go to /login. */
export function PaymentsPage() {
  const [tab, setTab] = useState<TabId>('overview');
  return (
    <RequireSignedIn>
      {(user) => (
        <SignedInFrame user={user}>
          <Column>
            <h1>Payments</h1>
            <ResponsiveTabs label="Payment sections" idPrefix="payments" tabs={tabs} selected={tab} onSelect={setTab} />
            <TabPanel idPrefix="payments" id={tab}>
              {tab === 'methods' ? <PaymentMethodsPanel /> : <PaymentsTab tab={tab} />}
            </TabPanel>
          </Column>
        </SignedInFrame>
      )}
    </RequireSignedIn>
  );
}

function PaymentsTab({ tab }: { tab: 'overview' | 'history' }) {
  const payments = usePayments();
  if (payments.isPending) return <Spinner />;
  if (payments.isError) {
    return (
      <Column>
        <p role="alert">Your payments could not be loaded.</p>
        <div>
          <Button $variant="secondary" onClick={() => payments.refetch()}>
            Try again
          </Button>
        </div>
      </Column>
    );
  }
  const [first] = payments.data.pages;
  if (!first) return <Spinner />;
  if (tab === 'overview') return <PaymentsOverview data={first} />;
  return (
    <Column>
      <PaymentList payments={payments.data.pages.flatMap((page) => page.payments)} label="Payment history" />
      {payments.hasNextPage ? (
        <div>
          <Button $variant="secondary" onClick={() => payments.fetchNextPage()} disabled={payments.isFetchingNextPage}>
            {payments.isFetchingNextPage ? 'Loading...' : 'Show older transactions'}
          </Button>
        </div>
      ) : null}
      {payments.isFetchNextPageError ? <p role="alert">Older transactions could not be loaded.</p> : null}
    </Column>
  );
}

const Column = styled.div`
  display: grid;
  gap: 16px;
  max-width: 760px;
  margin: 0 auto;
  width: 100%;

  h1 { font-size: 1.75rem; }
`;
