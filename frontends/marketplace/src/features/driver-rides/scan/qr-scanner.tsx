import { Button } from '@krom/ui-kit/button.tsx';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { isBoardingCode, normaliseBoardingCode } from '../boarding-code.ts';
import { qrReader } from './decode-qr.ts';

/** Frames are read at this width at most: enough for a code held up to the phone, and quick to decode. */
const frameWidth = 640;

const cameraFailure = (error: unknown) =>
  error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')
    ? 'Camera access was refused. Type the boarding code instead.'
    : 'The camera could not be started. Type the boarding code instead.';

/**
 * The phone's back camera, read frame by frame until a passenger's boarding code QR shows; then
 * `onCode` with the code, and the camera goes off. Loaded only when the driver taps Scan QR Code.
 */
export default function QrScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notACode, setNotACode] = useState(false);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let frame = 0;
    const canvas = document.createElement('canvas');
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera', 'NotFoundError');
      const [read, media] = await Promise.all([qrReader(), navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })]);
      stream = media;
      const element = video.current;
      if (stopped || !element) return stop();
      element.srcObject = media;
      await element.play();
      const look = async () => {
        if (stopped) return;
        if (element.readyState >= element.HAVE_CURRENT_DATA && element.videoWidth > 0) {
          const scale = Math.min(1, frameWidth / element.videoWidth);
          canvas.width = Math.round(element.videoWidth * scale);
          canvas.height = Math.round(element.videoHeight * scale);
          const context = canvas.getContext('2d', { willReadFrequently: true });
          context?.drawImage(element, 0, 0, canvas.width, canvas.height);
          const text = context ? await read(context.getImageData(0, 0, canvas.width, canvas.height)) : null;
          if (stopped) return;
          if (text !== null) {
            const code = normaliseBoardingCode(text);
            if (isBoardingCode(code)) {
              stop();
              onCode(code);
              return;
            }
            setNotACode(true);
          }
        }
        frame = requestAnimationFrame(() => void look());
      };
      await look();
    })().catch((error: unknown) => {
      if (!stopped) setProblem(cameraFailure(error));
      stop();
    });
    return stop;
  }, [onCode]);

  return (
    <Scanner aria-label="Scan the passenger's QR code">
      {problem ? (
        <p role="alert">{problem}</p>
      ) : (
        <>
          <Viewfinder ref={video} muted playsInline aria-label="Camera" />
          <p role="status">{notACode ? 'That QR code is not a boarding code.' : "Point the camera at the QR code on the passenger's ticket."}</p>
        </>
      )}
      <Button $variant="secondary" onClick={onClose}>
        Stop Scanning
      </Button>
    </Scanner>
  );
}

const Scanner = styled.section`
  display: grid;
  gap: 8px;
  p { font-size: 0.875rem; }
`;

const Viewfinder = styled.video`
  width: 100%;
  max-height: 60vh;
  border-radius: ${({ theme }) => theme.radius.md};
  background: #000;
  object-fit: cover;
`;
