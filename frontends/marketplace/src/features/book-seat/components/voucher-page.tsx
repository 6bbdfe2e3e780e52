import { bookingPaymentMessages, voucherCodePattern } from '@krom/contracts/http/booking-payment-values';
import { serverMessage } from '@krom/ui-kit/api-request.ts';
import { SubmitButton } from '@krom/ui-kit/button.tsx';
import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { type FormEvent, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PageColumn, PageLead, PageTitle, SignedInPage } from '../../../components/page-layout.tsx';
import { useBookingPayment, useSubmitVoucher } from '../api/booking-payment.ts';
import { bookSeatTexts as texts } from '../book-seat-texts.ts';
import { HoldCountdown, PaymentBreakdown, walletText } from './payment-parts.tsx';

/**
 * /booking-payment/{bookingId}/voucher: Telecel's voucher step. Telecel texts the passenger a code
 * (or has them make one with *110#) before it sends the PIN prompt; typed here, it goes to the
 * gateway, and the payment goes back to waiting on the prompt. A code the gateway refuses is said
 * in the server's words, and the field stays for another try. Any other state of the payment
 * belongs to the waiting screen.
 */
export function VoucherPage() {
  return <SignedInPage>{() => <Voucher />}</SignedInPage>;
}

function Voucher() {
  const { id = '' } = useParams();
  const payment = useBookingPayment(id);
  const voucher = useSubmitVoucher(id);
  const [code, setCode] = useState('');
  const [typo, setTypo] = useState<string | undefined>();
  if (payment.isPending) return <Spinner fullPage />;
  if (payment.data?.status !== 'needs_otp') return <Navigate to={`/booking-payment/${id}`} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const otp = code.trim();
    if (!voucherCodePattern.test(otp)) {
      setTypo(bookingPaymentMessages.voucherCode);
      return;
    }
    setTypo(undefined);
    voucher.mutate(otp);
  };
  const refused = voucher.isError ? (serverMessage(voucher.error) ?? texts.voucherFailed) : undefined;

  return (
    <PageColumn $width={560} $gap={16}>
      <header>
        <PageTitle>{texts.voucherTitle}</PageTitle>
        <PageLead>{texts.voucherLead(walletText(payment.data))}</PageLead>
      </header>
      <p>{payment.data.displayText ?? texts.voucherHowTo}</p>
      <Form onSubmit={submit} noValidate>
        <TextField
          label={texts.voucherCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          onValueChange={setCode}
          error={typo ?? refused}
          required
        />
        <SubmitButton pending={voucher.isPending} pendingLabel={texts.processing}>
          {texts.sendVoucher}
        </SubmitButton>
      </Form>
      <HoldCountdown expiresAt={payment.data.expiresAt} />
      <PaymentBreakdown payment={payment.data} />
    </PageColumn>
  );
}

const Form = styled.form`
  display: grid;
  gap: 12px;
`;
