import { SubmitButton } from '@krom/ui-kit/button.tsx';
import { FormStack } from '@krom/ui-kit/form-page.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FieldErrors, useValidatedForm, type Validation } from '@krom/ui-kit/use-validated-form.ts';
import styled from 'styled-components';
import { useChangePassword } from '../api/change-password.ts';
import { SettingsCard } from './settings-card.tsx';

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string };
const empty: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The spec's in-app rules (section 5): current required, new and confirm equal, new at least 6. */
function validate(fields: Fields): Validation<Fields, { currentPassword: string; newPassword: string }> {
  const problems: FieldErrors<Fields> = {};
  if (fields.currentPassword === '') problems.currentPassword = 'Current password is required';
  if (fields.newPassword !== fields.confirmPassword) problems.confirmPassword = 'New passwords do not match.';
  if (fields.newPassword.length < 6) problems.newPassword = 'New password must be at least 6 characters long.';
  const request = { currentPassword: fields.currentPassword, newPassword: fields.newPassword };
  return { request: Object.keys(problems).length === 0 ? request : null, errors: problems };
}

export function ChangePasswordForm() {
  const { toast, toastFailure } = useToast();
  const change = useChangePassword();
  const form = useValidatedForm({ initial: empty, validate, onEdit: 'clear' });

  const onSubmit = form.onSubmit((request) =>
    change.mutate(request, {
      onSuccess: () => {
        form.reset(empty);
        toast({ title: 'Password Changed', description: 'Your password has been updated.' });
      },
      onError: toastFailure('Error', 'Failed to change password. Please try again.'),
    }),
  );

  return (
    <SettingsCard title="Security" description="Change the password you sign in with.">
      <Form noValidate onSubmit={onSubmit} aria-label="Change Password">
        <TextField label="Current Password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
        <TextField label="New Password" type="password" autoComplete="new-password" {...form.field('newPassword')} />
        <TextField label="Confirm New Password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <SubmitButton $block={false} $size="md" pending={change.isPending} pendingLabel="Changing Password...">
          Change Password
        </SubmitButton>
      </Form>
    </SettingsCard>
  );
}

const Form = styled(FormStack)`
  ${({ theme }) => theme.media.md} {
    max-width: 420px;
    > button { justify-self: start; }
  }
`;
