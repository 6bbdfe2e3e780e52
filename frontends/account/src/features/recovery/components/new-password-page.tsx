import { resetPasswordRequestSchema } from '@krom/contracts/http/auth';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { refreshCurrentUser } from '@krom/ui-kit/current-user.ts';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AuthForm, AuthPage } from '../../sign-in/components/auth-page.tsx';
import { PasswordField } from '../../sign-in/components/password-field.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { clearReset } from '../recovery-storage.ts';
import { PasswordRules } from './password-rules.tsx';
import { PasswordSavedDialog } from './password-saved-dialog.tsx';

type Values = { password: string; confirmPassword: string };
type Errors = Partial<Record<keyof Values, string>>;

/** Spec section 5: the password's first unmet rule, then the confirmation's own two messages. */
function validate(values: Values): { password: string | null; errors: Errors } {
  const errors: Errors = {};
  const result = resetPasswordRequestSchema.safeParse({ password: values.password });
  if (!result.success) errors.password = result.error.issues[0]?.message;
  if (values.confirmPassword === '') errors.confirmPassword = 'Please confirm your password';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = "Passwords don't match";
  return { password: result.success && !errors.confirmPassword ? result.data.password : null, errors };
}

export function NewPasswordPage() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const reset = useResetPassword();
  const [values, setValues] = useState<Values>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);

  const update = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(next).errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const { password, errors: found } = validate(values);
    setErrors(found);
    if (password === null) return;
    reset.mutate(
      { password },
      {
        onSuccess: () => {
          clearReset();
          // The reset ended every session of the account, including one this browser may have had.
          void refreshCurrentUser(queryClient);
          setSaved(true);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Password Reset Failed',
            description: failureText(error, 'Failed to reset password. Please try again.'),
          }),
      },
    );
  };

  return (
    <AuthPage title="Create New Password" lead="Choose a new password for your Krom account.">
      <AuthForm noValidate onSubmit={onSubmit}>
        <PasswordField
          label="New Password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={(event) => update('password', event.target.value)}
        />
        <PasswordRules password={values.password} />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => update('confirmPassword', event.target.value)}
        />
        <Button type="submit" $block $size="lg" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Reset Password'}
        </Button>
      </AuthForm>
      {saved ? <PasswordSavedDialog /> : null}
    </AuthPage>
  );
}
