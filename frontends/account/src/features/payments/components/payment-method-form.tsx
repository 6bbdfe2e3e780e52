import {
  createPaymentMethodRequestSchema,
  type MobileMoneyProvider,
  mobileMoneyProviders,
  type PaymentMethod,
  suggestMobileMoneyProvider,
  updatePaymentMethodRequestSchema,
} from '@krom/contracts/http/payments';
import { Button } from '@krom/ui-kit/button.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { useCreatePaymentMethod } from '../api/create-payment-method.ts';
import { useUpdatePaymentMethod } from '../api/update-payment-method.ts';
import { providerNames } from '../format-payment.ts';

type Problems = { number?: string | undefined; provider?: string | undefined };

/**
 * Adds a mobile money number, or edits a saved one (whose full number the screen never sees:
 * leaving the number empty keeps it). The network follows the number's prefix until the
 * person picks one themselves.
 */
export function PaymentMethodForm({ editing, onDone }: { editing: PaymentMethod | null; onDone: () => void }) {
  const { toast, toastFailure } = useToast();
  const create = useCreatePaymentMethod();
  const update = useUpdatePaymentMethod();
  const [number, setNumber] = useState('');
  const [provider, setProvider] = useState<MobileMoneyProvider | ''>(editing?.provider ?? '');
  const [pickedByHand, setPickedByHand] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const pending = create.isPending || update.isPending;
  const suggested = suggestMobileMoneyProvider(number);

  const onNumber = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, 10);
    setNumber(digits);
    setProblems((current) => ({ ...current, number: undefined }));
    const guess = suggestMobileMoneyProvider(digits);
    if (guess && !pickedByHand) setProvider(guess);
  };

  const failed = toastFailure('Error', 'Failed to save payment method. Please try again.');

  const saved = (title: string) => () => {
    toast({ title });
    onDone();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (editing) {
      const changes = { provider: provider || undefined, ...(number === '' ? {} : { number }) };
      const checked = updatePaymentMethodRequestSchema.safeParse(changes);
      if (checked.success) update.mutate({ id: editing.id, ...checked.data }, { onSuccess: saved('Payment Method Updated'), onError: failed });
      else setProblems(problemsOf(checked.error.issues));
      return;
    }
    const checked = createPaymentMethodRequestSchema.safeParse({ provider: provider || undefined, number });
    if (checked.success) create.mutate(checked.data, { onSuccess: saved('Payment Method Added'), onError: failed });
    else setProblems(problemsOf(checked.error.issues));
  };

  const title = editing ? 'Edit Mobile Money' : 'Add Mobile Money';
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={title}>
      <h3>{title}</h3>
      <TextField
        label="Mobile Money Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={editing ? editing.number : '0241234567'}
        hint={editing ? `Leave empty to keep ${editing.number}` : undefined}
        value={number}
        error={problems.number}
        onChange={(event) => onNumber(event.target.value)}
      />
      <Select
        label="Network"
        placeholder="Choose a network"
        options={mobileMoneyProviders.map((option) => ({ value: option, label: providerNames[option] }))}
        value={provider}
        error={problems.provider}
        hint={suggested ? `${number.slice(0, 3)} is usually ${providerNames[suggested]}` : 'Chosen from the number when we can tell'}
        onValueChange={(chosen) => {
          setProvider(chosen as MobileMoneyProvider | '');
          setPickedByHand(true);
          setProblems((current) => ({ ...current, provider: undefined }));
        }}
      />
      <Actions>
        <Button $variant="secondary" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : editing ? 'Save Changes' : 'Add Number'}
        </Button>
      </Actions>
    </Form>
  );
}

function problemsOf(issues: { path: PropertyKey[]; message: string }[]): Problems {
  const found: Problems = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'number' || field === 'provider') && !found[field]) found[field] = issue.message;
  }
  return found;
}

const Form = styled.form`
  display: grid;
  gap: 16px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};

  h3 { font-size: 1.0625rem; }
`;




const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;

  button { padding: 0 12px; white-space: nowrap; }
`;
