import type { BookingPayment } from '@krom/contracts/http/booking-payments';
import { formatMoney } from '@krom/contracts/money';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { bookSeatTexts as texts } from '../book-seat-texts.ts';

/** The wallet as the passenger's screens show it: `024 *** **67 (MTN Mobile Money)`. */
export const walletText = (payment: BookingPayment) => `${payment.walletMasked} (${texts.networkName[payment.network]})`;

/** The fare, Krom's service fee and the total the prompt asks for. */
export function PaymentBreakdown({ payment }: { payment: BookingPayment }) {
  return (
    <Breakdown>
      <div>
        <dt>{texts.fare}</dt>
        <dd>{formatMoney(payment.fare, payment.currency)}</dd>
      </div>
      <div>
        <dt>{texts.serviceFee}</dt>
        <dd>{formatMoney(payment.serviceFee, payment.currency)}</dd>
      </div>
      <div>
        <dt>{texts.total}</dt>
        <dd>
          <strong>{formatMoney(payment.total, payment.currency)}</strong>
        </dd>
      </div>
    </Breakdown>
  );
}

/** `14:05`: minutes and seconds. */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** What is left of the seats' hold, counted down each second from `expiresAt`; says so once it is over. */
export function HoldCountdown({ expiresAt }: { expiresAt: string }) {
  const left = () => Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
  });
  return <p role="timer">{seconds > 0 ? texts.holdLeft(clock(seconds)) : texts.holdOver}</p>;
}

const Breakdown = styled.dl`
  display: grid;
  gap: 6px;
  margin: 0;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  div { display: flex; justify-content: space-between; gap: 12px; }
  dt { color: ${({ theme }) => theme.color.muted}; }
  dd { margin: 0; white-space: nowrap; }
`;
