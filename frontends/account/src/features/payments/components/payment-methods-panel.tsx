import type { PaymentMethod } from '@krom/contracts/http/payments';
import { Button } from '@krom/ui-kit/button.tsx';
import { EmptyState } from '@krom/ui-kit/empty-state.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { StackedList } from '@krom/ui-kit/stacked-list.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useState } from 'react';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { useDeletePaymentMethod } from '../api/delete-payment-method.ts';
import { usePaymentMethods } from '../api/get-payment-methods.ts';
import { useSetDefaultPaymentMethod } from '../api/set-default-payment-method.ts';
import { PaymentMethodCard } from './payment-method-card.tsx';
import { PaymentMethodForm } from './payment-method-form.tsx';

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; method: PaymentMethod };

/** The user's real mobile money numbers: add, edit, choose the default, remove. */
export function PaymentMethodsPanel() {
  const { toast, toastFailure } = useToast();
  const methods = usePaymentMethods();
  const makeDefault = useSetDefaultPaymentMethod();
  const remove = useDeletePaymentMethod();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const busyId = makeDefault.isPending ? makeDefault.variables : remove.isPending ? remove.variables : undefined;

  const failed = (fallback: string) => toastFailure('Error', fallback);

  if (methods.isPending) return <Spinner />;
  if (methods.isError) {
    return (
      <Stack>
        <p role="alert">Your payment methods could not be loaded.</p>
        <div>
          <Button $variant="secondary" onClick={() => methods.refetch()}>
            Try again
          </Button>
        </div>
      </Stack>
    );
  }

  return (
    <Stack>
      <Header>
        <h2>Mobile Money</h2>
        {form.mode === 'closed' ? <Button onClick={() => setForm({ mode: 'add' })}>Add Mobile Money</Button> : null}
      </Header>
      {form.mode !== 'closed' ? (
        <PaymentMethodForm
          key={form.mode === 'edit' ? form.method.id : 'add'}
          editing={form.mode === 'edit' ? form.method : null}
          onDone={() => setForm({ mode: 'closed' })}
        />
      ) : null}
      {methods.data.length === 0 && form.mode === 'closed' ? (
        <EmptyState title="No payment methods yet" text="Add a mobile money number to pay for rides and receive payouts." />
      ) : (
        <StackedList>
          {methods.data.map((method) => (
            <li key={method.id}>
              <PaymentMethodCard
                method={method}
                busy={busyId === method.id}
                onEdit={() => setForm({ mode: 'edit', method })}
                onMakeDefault={() =>
                  makeDefault.mutate(method.id, {
                    onSuccess: () => toast({ title: 'Default Payment Method Updated' }),
                    onError: failed('Failed to update payment method. Please try again.'),
                  })
                }
                onRemove={() =>
                  remove.mutate(method.id, {
                    onSuccess: () => {
                      if (form.mode === 'edit' && form.method.id === method.id) setForm({ mode: 'closed' });
                      toast({ title: 'Payment Method Removed' });
                    },
                    onError: failed('Failed to remove payment method. Please try again.'),
                  })
                }
              />
            </li>
          ))}
        </StackedList>
      )}
    </Stack>
  );
}

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;

  h2 { font-size: 1.125rem; }
`;
