import type { PaymentMethod } from '@krom/contracts/http/payments';
import { serverMessage } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { Stack } from '@krom/ui-kit/layout.tsx';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { type CodeEntryHandle, CodeEntryForm, ResendCode, ResendCountdown } from '../../../lib/code-entry.tsx';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useConfirmPaymentMethod } from '../api/confirm-payment-method.ts';
import { resendAfterSecondsOf, useSendPaymentMethodCode } from '../api/send-payment-method-code.ts';

/** Where the code entry stands: closed, or open with the time another code may be asked for. */
type Entry = { open: false } | { open: true; resendAt: number };

/**
 * Confirming an unconfirmed number for payouts: "Confirm number" texts a code to it, and the code
 * typed here marks it confirmed (the list is read again, so the card then says "Confirmed").
 * Refusals are shown in the server's words.
 */
export function ConfirmNumber({ method }: { method: PaymentMethod }) {
  const send = useSendPaymentMethodCode();
  const confirm = useConfirmPaymentMethod();
  const [entry, setEntry] = useState<Entry>({ open: false });
  const [error, setError] = useState<string | null>(null);
  const codeEntry = useRef<CodeEntryHandle>(null);
  const secondsLeft = useCountdown(entry.open ? entry.resendAt : 0);

  // The cursor goes to the first box when the entry opens.
  useEffect(() => {
    if (entry.open) codeEntry.current?.clear();
  }, [entry.open]);

  const sendCode = () => {
    setError(null);
    send.mutate(method.id, {
      onSuccess: ({ resendAfterSeconds }) => setEntry({ open: true, resendAt: Date.now() + resendAfterSeconds * 1000 }),
      onError: (failure) => {
        setError(serverMessage(failure) ?? 'The code could not be sent. Please try again.');
        // Too soon: a code already went out, so the entry opens with the wait before another.
        const wait = resendAfterSecondsOf(failure);
        if (wait !== undefined) setEntry({ open: true, resendAt: Date.now() + wait * 1000 });
      },
    });
  };

  const submit = (code: string) => {
    setError(null);
    confirm.mutate(
      { id: method.id, code },
      {
        onSuccess: () => setEntry({ open: false }),
        onError: (failure) => {
          setError(serverMessage(failure) ?? 'The number could not be confirmed. Please try again.');
          codeEntry.current?.clear();
        },
      },
    );
  };

  if (!entry.open) {
    return (
      <Stack $gap={8}>
        <div>
          <Button $variant="secondary" disabled={send.isPending} onClick={sendCode}>
            Confirm number
          </Button>
        </div>
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      </Stack>
    );
  }

  return (
    <Stack $gap={12} as="section" aria-label={`Confirm ${method.number}`}>
      <p>We texted a code to {method.number}. Type it to confirm this number for payouts.</p>
      <CodeEntryForm ref={codeEntry} label="Confirmation code" onCode={submit} pending={confirm.isPending} pendingLabel="Confirming...">
        Confirm
      </CodeEntryForm>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <ResendCode>
        <ResendCountdown label="Resend code" secondsLeft={secondsLeft} pending={send.isPending} onResend={sendCode} />
      </ResendCode>
    </Stack>
  );
}

const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.danger};
`;
