import { useToast } from '@krom/ui-kit/toast-store.ts';
import { imageFileProblem, imageInputAccept } from '@krom/ui-kit/upload-image.tsx';
import { type ChangeEvent, useId } from 'react';
import styled from 'styled-components';
import { useObjectUrl } from '../use-object-url.ts';

export const invalidImageTitle = 'Invalid Image';

/**
 * Checks a chosen file as the spec does (an image, at most 5 MB) and reports a refusal in a
 * toast; answers the file when it may be sent. The input is cleared so choosing again fires.
 */
export function useImageChoice(onChoose: (file: File) => void) {
  const { toast } = useToast();
  return (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast({ variant: 'destructive', title: invalidImageTitle, description: problem });
      return;
    }
    onChoose(file);
  };
}

/** An optional document photo: tap to choose, preview once chosen, tap again to change. */
export function PhotoField({
  label,
  file,
  onChange,
  uploadedText,
  emptyText = 'Tap to upload a photo (JPG, PNG, WebP or GIF, up to 5MB)',
}: {
  label: string;
  file: File | null;
  onChange: (file: File) => void;
  uploadedText: string;
  emptyText?: string;
}) {
  const inputId = useId();
  const preview = useObjectUrl(file);
  const onInput = useImageChoice(onChange);
  return (
    <Field>
      <FieldLabel>
        {label} <Optional>(optional)</Optional>
      </FieldLabel>
      <PhotoBox htmlFor={inputId} $chosen={file !== null}>
        {preview ? <Preview src={preview} alt={`${label} preview`} /> : <CameraGlyph />}
        <span>{file ? uploadedText : emptyText}</span>
      </PhotoBox>
      <HiddenInput id={inputId} type="file" accept={imageInputAccept} aria-label={label} onChange={onInput} />
    </Field>
  );
}

export function CameraGlyph() {
  return (
    <Glyph aria-hidden="true">
      <svg width="28" height="28" viewBox="0 0 24 24">
        <path d="M4 8h3l1.5-2h7L17 8h3v11H4z" />
        <circle cx="12" cy="13" r="3.5" />
      </svg>
    </Glyph>
  );
}

export const Field = styled.div`
  display: grid;
  gap: 6px;
  min-width: 0;
`;

export const FieldLabel = styled.span`
  font-size: 0.9375rem;
  font-weight: 600;
`;

export const Optional = styled.span`
  font-weight: 400;
  color: ${({ theme }) => theme.color.muted};
`;

export const PhotoBox = styled.label<{ $chosen: boolean }>`
  display: grid;
  justify-items: center;
  gap: 8px;
  padding: 16px;
  border: 2px dashed ${({ $chosen, theme }) => ($chosen ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ $chosen, theme }) => ($chosen ? theme.color.primarySoft : theme.color.surface)};
  color: ${({ $chosen, theme }) => ($chosen ? theme.color.primary : theme.color.muted)};
  font-size: 0.9375rem;
  text-align: center;
  cursor: pointer;

  &:has(+ input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export const Preview = styled.img`
  width: 100%;
  max-width: 280px;
  max-height: 180px;
  object-fit: contain;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const Glyph = styled.span`
  svg {
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
`;

/** Visually hidden but focusable, so the box is the visible control. */
export const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;
