import { identityPhotoFields } from '@krom/contracts/http/verification';
import { Button } from '@krom/ui-kit/button.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { lazy, Suspense, useId, useState } from 'react';
import styled from 'styled-components';
import { useObjectUrl } from '../use-object-url.ts';
import { CameraGlyph, Field, FieldLabel, HiddenInput, Optional, PhotoBox, Preview, useImageChoice } from './photo-field.tsx';
import { imageInputAccept } from '@krom/ui-kit/upload-image.tsx';

// The camera's code loads only when someone opens it.
const CameraCapture = lazy(() => import('./camera-capture.tsx').then((m) => ({ default: m.CameraCapture })));

export const selfieTexts = {
  loadingCamera: 'Loading camera...',
  captured: 'Selfie Captured!',
  cameraErrorTitle: 'Camera Error',
  cameraErrorText: 'Please allow camera access to take a selfie.',
  retake: 'Tap to retake',
  change: 'Selfie uploaded - Tap to change',
  takeSelfie: 'Take Selfie',
  uploadSelfie: 'Upload Selfie',
} as const;

type Selfie = { file: File; source: 'camera' | 'file' };

/**
 * The optional selfie: chosen from the phone's photos or taken with the front camera (spec
 * "Selfie": empty, camera open, then captured or cancelled).
 */
export function SelfieField({ file, onChange }: { file: File | null; onChange: (file: File) => void }) {
  const label = identityPhotoFields.selfiePhoto;
  const inputId = useId();
  const { toast } = useToast();
  const [cameraOpen, setCameraOpen] = useState(false);
  const [source, setSource] = useState<Selfie['source']>('file');
  const preview = useObjectUrl(file);
  const onInput = useImageChoice((chosen) => {
    setSource('file');
    onChange(chosen);
  });

  const onCapture = (captured: File) => {
    setCameraOpen(false);
    setSource('camera');
    onChange(captured);
    toast({ title: selfieTexts.captured });
  };
  const onFailure = () => {
    setCameraOpen(false);
    toast({ variant: 'destructive', title: selfieTexts.cameraErrorTitle, description: selfieTexts.cameraErrorText });
  };

  return (
    <Field role="group" aria-labelledby={`${inputId}-label`}>
      <FieldLabel id={`${inputId}-label`}>
        {label} <Optional>(optional)</Optional>
      </FieldLabel>
      {cameraOpen ? (
        <Suspense fallback={<CameraLoading role="status">{selfieTexts.loadingCamera}</CameraLoading>}>
          <CameraCapture loadingText={selfieTexts.loadingCamera} onCapture={onCapture} onCancel={() => setCameraOpen(false)} onFailure={onFailure} />
        </Suspense>
      ) : file && source === 'camera' ? (
        <RetakeBox type="button" onClick={() => setCameraOpen(true)}>
          {preview ? <Preview src={preview} alt="Selfie preview" /> : null}
          <span>{selfieTexts.retake}</span>
        </RetakeBox>
      ) : (
        <>
          {file ? (
            <PhotoBox htmlFor={inputId} $chosen>
              {preview ? <Preview src={preview} alt="Selfie preview" /> : null}
              <span>{selfieTexts.change}</span>
            </PhotoBox>
          ) : null}
          <Choices>
            <Button $variant="secondary" onClick={() => setCameraOpen(true)}>
              <CameraGlyph />
              {selfieTexts.takeSelfie}
            </Button>
            <ChooseLabel htmlFor={inputId}>{selfieTexts.uploadSelfie}</ChooseLabel>
          </Choices>
        </>
      )}
      <HiddenInput id={inputId} type="file" accept={imageInputAccept} aria-label={label} onChange={onInput} />
    </Field>
  );
}

/* Side by side where both labels fit on one line; on a 360 px phone "Take Selfie" with its icon did not, so they stack. */
const Choices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10.5rem, 1fr));
  gap: 12px;

  > * { white-space: nowrap; }
`;

const ChooseLabel = styled.label`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: 0 12px;
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
  text-align: center;
  cursor: pointer;
`;

const RetakeBox = styled.button`
  display: grid;
  justify-items: center;
  gap: 8px;
  padding: 16px;
  border: 2px dashed ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;

const CameraLoading = styled.p`
  display: grid;
  place-items: center;
  aspect-ratio: 3 / 4;
  max-height: 60vh;
  border-radius: ${({ theme }) => theme.radius.md};
  background: #0d1411;
  color: #ffffff;
  font-weight: 600;
`;
