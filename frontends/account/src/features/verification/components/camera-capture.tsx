import { cameraSelfieFileName } from '@krom/contracts/http/verification';
import { Button } from '@krom/ui-kit/button.tsx';
import { useEffect, useRef, useState } from 'react';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';

const jpegQuality = 0.85;

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The front camera, live: Capture stays disabled until the stream actually plays, then takes
 * the frame as a JPEG file (selfie.jpg). The camera is released on capture, on Cancel and when
 * the component goes away, so the phone's camera light never stays on.
 */
export function CameraCapture({
  loadingText,
  onCapture,
  onCancel,
  onFailure,
}: {
  /** Shown until the stream plays. */
  loadingText: string;
  onCapture: (file: File) => void;
  onCancel: () => void;
  onFailure: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [ready, setReady] = useState(false);
  const [capturing, setCapturing] = useState(false);
  // The latest callbacks, so the camera is not reopened when the parent re-renders.
  const failed = useRef(onFailure);
  failed.current = onFailure;

  useEffect(() => {
    let closed = false;
    const open = async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera access in this browser');
        const opened = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
        if (closed) {
          stopStream(opened);
          return;
        }
        stream.current = opened;
        const element = video.current;
        if (element) {
          element.srcObject = opened;
          // autoPlay covers most browsers; play() is for those that wait for it. A refusal here
          // still leaves the 'playing' event to decide readiness.
          void Promise.resolve(element.play?.()).catch(() => {});
        }
      } catch {
        if (!closed) failed.current();
      }
    };
    void open();
    return () => {
      closed = true;
      stopStream(stream.current);
      stream.current = null;
    };
  }, []);

  const close = () => {
    stopStream(stream.current);
    stream.current = null;
  };

  const capture = () => {
    const element = video.current;
    if (!element || !ready) return;
    setCapturing(true);
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth || 640;
    canvas.height = element.videoHeight || 480;
    const context = canvas.getContext('2d');
    if (!context) {
      close();
      onFailure();
      return;
    }
    context.drawImage(element, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        close();
        if (!blob) {
          onFailure();
          return;
        }
        onCapture(new File([blob], cameraSelfieFileName, { type: 'image/jpeg' }));
      },
      'image/jpeg',
      jpegQuality,
    );
  };

  return (
    <Stack $gap={12}>
      <Frame>
        <Video ref={video} autoPlay playsInline muted aria-label="Camera preview" onPlaying={() => setReady(true)} />
        {ready ? null : <Loading role="status">{loadingText}</Loading>}
      </Frame>
      <Actions>
        <Button
          $variant="secondary"
          onClick={() => {
            close();
            onCancel();
          }}
        >
          Cancel
        </Button>
        <Button onClick={capture} disabled={!ready || capturing}>
          Capture
        </Button>
      </Actions>
    </Stack>
  );
}

const Frame = styled.div`
  position: relative;
  overflow: hidden;
  aspect-ratio: 3 / 4;
  max-height: 60vh;
  border-radius: ${({ theme }) => theme.radius.md};
  background: #0d1411;

  ${({ theme }) => theme.media.md} {
    aspect-ratio: 4 / 3;
  }
`;

/** Mirrored like a mirror, as people expect of a front camera; the captured photo is not. */
const Video = styled.video`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
  transform: scaleX(-1);
`;

const Loading = styled.p`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  color: #ffffff;
  font-weight: 600;
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
`;
