import { resetPasswordRequestSchema } from '@krom/contracts/http/auth';
import { SubmitButton } from '@krom/ui-kit/button.tsx';
import { refreshCurrentUser } from '@krom/ui-kit/current-user.ts';
import { FormPage, FormStack } from '@krom/ui-kit/form-page.tsx';
import { PasswordField } from '@krom/ui-kit/password-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FieldErrors, useValidatedForm, type Validation } from '@krom/ui-kit/use-validated-form.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useResetPassword } from '../api/reset-password.ts';
import { clearReset } from '../recovery-storage.ts';
import { PasswordRules } from './password-rules.tsx';
import { PasswordSavedDialog } from './password-saved-dialog.tsx';

type Values = { password: string; confirmPassword: string };

/** Spec section 5: the password's first unmet rule, then the confirmation's own two messages. */
function validate(values: Values): Validation<Values, { password: string }> {
  const errors: FieldErrors<Values> = {};
  const result = resetPasswordRequestSchema.safeParse({ password: values.password });
  if (!result.success) errors.password = result.error.issues[0]?.message;
  if (values.confirmPassword === '') errors.confirmPassword = 'Please confirm your password';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = "Passwords don't match";
  return { request: result.success && !errors.confirmPassword ? { password: result.data.password } : null, errors };
}

export function NewPasswordPage() {
  const queryClient = useQueryClient();
  const { toastFailure } = useToast();
  const reset = useResetPassword();
  const form = useValidatedForm({ initial: { password: '', confirmPassword: '' }, validate });
  const [saved, setSaved] = useState(false);

  const onSubmit = form.onSubmit((request) =>
    reset.mutate(request, {
      onSuccess: () => {
        clearReset();
        // The reset ended every session of the account, including one this browser may have had.
        void refreshCurrentUser(queryClient);
        setSaved(true);
      },
      onError: toastFailure('Password Reset Failed', 'Failed to reset password. Please try again.'),
    }),
  );

  return (
    <FormPage title="Create New Password" lead="Choose a new password for your Krom account.">
      <FormStack noValidate onSubmit={onSubmit}>
        <PasswordField label="New Password" autoComplete="new-password" {...form.field('password')} />
        <PasswordRules password={form.values.password} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <SubmitButton pending={reset.isPending} pendingLabel="Saving...">
          Reset Password
        </SubmitButton>
      </FormStack>
      {saved ? <PasswordSavedDialog /> : null}
    </FormPage>
  );
}
