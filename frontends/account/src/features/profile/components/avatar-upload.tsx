import type { User } from '@krom/contracts/http/auth';
import { ProgressBar } from '@krom/ui-kit/progress-bar.tsx';
import { Avatar } from '@krom/ui-kit/avatar.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { imageFileProblem, imageInputAccept, uploadFailureTitle, useImageUpload } from '@krom/ui-kit/upload-image.tsx';
import { type ChangeEvent, useId } from 'react';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { discardUpload } from '../api/delete-upload.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/**
 * The profile photo: checked (image type, 5 MB) before sending, uploaded with progress, then
 * saved on the profile so every avatar shows it at once (the server deletes the photo it replaces).
 */
export function AvatarUpload({ user }: { user: User }) {
  const inputId = useId();
  const { toast, toastFailure } = useToast();
  const { upload, progress } = useImageUpload({ type: 'profile', userId: user.id });
  const saveProfile = useUpdateProfile();
  const busy = progress !== null || saveProfile.isPending;

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so choosing the same file again (after a failure) still fires a change.
    input.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast({ variant: 'destructive', title: 'Invalid Image', description: problem });
      return;
    }

    let uploaded: { url: string; publicId: string };
    try {
      uploaded = await upload(file);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Failed to upload image. Please try again.';
      toast({ variant: 'destructive', title: uploadFailureTitle(error), description: message });
      return;
    }

    saveProfile.mutate(
      {
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: user.phone,
        emergencyContactName: user.emergencyContactName,
        emergencyContactPhone: user.emergencyContactPhone,
        profileImageUrl: uploaded.url,
      },
      {
        onSuccess: () => toast({ title: 'Profile Image Updated' }),
        onError: (error) => {
          toastFailure('Update Failed', 'Failed to update profile.')(error);
          // Nothing points at the new upload: remove it rather than leave it stored.
          discardUpload(uploaded.publicId);
        },
      },
    );
  };

  return (
    <Wrap>
      <AvatarWrap>
        <Avatar name={`${user.firstName} ${user.lastName}`} photoUrl={user.profileImageUrl} size={96} />
      </AvatarWrap>
      <div>
        <ChooseLabel htmlFor={inputId} $disabled={busy}>
          {user.profileImageUrl ? 'Change Photo' : 'Upload Photo'}
        </ChooseLabel>
        <HiddenInput id={inputId} type="file" accept={imageInputAccept} disabled={busy} onChange={onChoose} />
        {progress !== null ? (
          <Stack $gap={4}>
            <ProgressBar
              percent={progress}
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
            />
            <ProgressText>Uploading... {progress}%</ProgressText>
          </Stack>
        ) : (
          <Hint>JPG, PNG, WebP or GIF, up to 5MB</Hint>
        )}
      </div>
    </Wrap>
  );
}

const Wrap = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;

  > div:last-child {
    display: grid;
    gap: 8px;
    flex: 1;
    min-width: 0;
  }
`;

const AvatarWrap = styled.div`
  flex: none;
  border-radius: 50%;
  box-shadow: 0 0 0 4px ${({ theme }) => theme.color.primarySoft};
`;

const ChooseLabel = styled.label<{ $disabled: boolean }>`
  justify-self: start;
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 16px;
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.55 : 1)};

  &:has(+ input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

/** Visually hidden but focusable, so the label is the visible control. */
const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const ProgressText = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Hint = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;
