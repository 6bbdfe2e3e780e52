import { bookingMessages } from '@krom/contracts/http/bookings';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button, SubmitButton } from '@krom/ui-kit/button.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { lazy, Suspense, useCallback, useState } from 'react';
import styled from 'styled-components';
import { useBoardPassenger } from '../../../lib/api/ride-bookings.ts';
import { seatsText } from '../../../lib/booking-texts.ts';
import { isBoardingCode, normaliseBoardingCode } from '../boarding-code.ts';

/** The camera and the QR decoder download only when the driver chooses to scan. */
const QrScanner = lazy(() => import('../scan/qr-scanner.tsx'));

/**
 * Boarding at pickup: the passenger shows the code on their e-ticket, the driver types it or scans
 * its QR code, and the booking with that code on this ride becomes boarded. The server's refusal
 * (no booking has that code, it was boarded already) is shown under the field.
 */
export function BoardByCode({ rideId }: { rideId: string }) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [boarded, setBoarded] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const board = useBoardPassenger();

  const send = useCallback(
    (value: string) => {
      setBoarded(null);
      if (!isBoardingCode(value)) {
        setProblem(bookingMessages.boardingCode);
        return;
      }
      setProblem(undefined);
      board.mutate(
        { rideId, code: value },
        {
          onSuccess: (booking) => {
            setCode('');
            setBoarded(`${booking.passengerFirstName} boarded (${seatsText(booking.seats)}).`);
          },
          onError: (error) => setProblem(failureText(error, 'The passenger could not be boarded. Please try again.')),
        },
      );
    },
    [board.mutate, rideId],
  );
  const scanned = useCallback(
    (value: string) => {
      setScanning(false);
      setCode(value);
      send(value);
    },
    [send],
  );

  return (
    <Section aria-label="Board a passenger">
      <h3>Board a passenger</h3>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send(code);
        }}
      >
        <TextField
          label="Boarding code"
          hint="The 6 characters on the passenger's ticket"
          value={code}
          error={problem}
          onValueChange={(value) => {
            setCode(normaliseBoardingCode(value).slice(0, 12));
            setProblem(undefined);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
        />
        <Buttons>
          <SubmitButton pending={board.isPending} pendingLabel="Boarding..." $block={false} $size="md">
            Board
          </SubmitButton>
          {scanning ? null : (
            <Button $variant="secondary" onClick={() => setScanning(true)}>
              Scan QR Code
            </Button>
          )}
        </Buttons>
      </Form>
      {boarded ? <Done role="status">{boarded}</Done> : null}
      {scanning ? (
        <Suspense fallback={<p>Starting the camera...</p>}>
          <QrScanner onCode={scanned} onClose={() => setScanning(false)} />
        </Suspense>
      ) : null}
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: 8px;
  h3 { font-size: 1rem; }
`;

const Form = styled.form`
  display: grid;
  gap: 8px;
  input { text-transform: uppercase; letter-spacing: 0.15em; font-family: ui-monospace, monospace; }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Done = styled.p`
  font-weight: 600;
  color: ${({ theme }) => theme.color.primary};
`;
