import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { useChangePassword } from '../api/change-password.ts';
import { SettingsCard } from './settings-card.tsx';

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string };
const empty: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The spec's in-app rules (section 5): current required, new and confirm equal, new at least 6. */
function problemsOf(fields: Fields): Partial<Record<keyof Fields, string>> {
  const problems: Partial<Record<keyof Fields, string>> = {};
  if (fields.currentPassword === '') problems.currentPassword = 'Current password is required';
  if (fields.newPassword !== fields.confirmPassword) problems.confirmPassword = 'New passwords do not match.';
  if (fields.newPassword.length < 6) problems.newPassword = 'New password must be at least 6 characters long.';
  return problems;
}

export function ChangePasswordForm() {
  const { toast } = useToast();
  const change = useChangePassword();
  const [fields, setFields] = useState<Fields>(empty);
  const [problems, setProblems] = useState<Partial<Record<keyof Fields, string>>>({});

  const edit = (key: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    setProblems((current) => ({ ...current, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = problemsOf(fields);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: fields.currentPassword, newPassword: fields.newPassword },
      {
        onSuccess: () => {
          setFields(empty);
          toast({ title: 'Password Changed', description: 'Your password has been updated.' });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: failureText(error, 'Failed to change password. Please try again.'),
          }),
      },
    );
  };

  return (
    <SettingsCard title="Security" description="Change the password you sign in with.">
      <Form noValidate onSubmit={onSubmit} aria-label="Change Password">
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={fields.currentPassword}
          error={problems.currentPassword}
          onChange={(event) => edit('currentPassword')(event.target.value)}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={fields.newPassword}
          error={problems.newPassword}
          onChange={(event) => edit('newPassword')(event.target.value)}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          value={fields.confirmPassword}
          error={problems.confirmPassword}
          onChange={(event) => edit('confirmPassword')(event.target.value)}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing Password...' : 'Change Password'}
        </Button>
      </Form>
    </SettingsCard>
  );
}

const Form = styled.form`
  display: grid;
  gap: 16px;

  ${({ theme }) => theme.media.md} {
    max-width: 420px;
    > button { justify-self: start; }
  }
`;
