import { SubmitButton } from '@krom/ui-kit/button.tsx';
import { FieldPair, FormPage, FormStack } from '@krom/ui-kit/form-page.tsx';
import { PhoneField } from '@krom/ui-kit/phone-field.tsx';
import { EmailField, TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FieldErrors, firstMessages, loadedCheck, useValidatedForm } from '@krom/ui-kit/use-validated-form.ts';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useCreateWaitlistSignup } from '../api/create-waitlist-signup.ts';

type Values = { firstName: string; lastName: string; email: string; phone: string };
type Errors = FieldErrors<Values>;

const emptyValues: Values = { firstName: '', lastName: '', email: '', phone: '' };

/**
 * The form asks for first and last name, the contract for one `name`: they are joined and trimmed,
 * and a name error is shown on both name fields. The schema (and zod) load when the form is first used.
 */
const validate = loadedCheck(() =>
  import('@krom/contracts/http/waitlist').then(({ joinWaitlistRequestSchema }) => (values: Values) => {
    const result = joinWaitlistRequestSchema.safeParse({
      name: `${values.firstName} ${values.lastName}`.trim(),
      email: values.email,
      phone: values.phone,
    });
    if (result.success) return { request: result.data, errors: {} as Errors };
    const errors = firstMessages<Values>(result.error.issues, ['email', 'phone']);
    const nameMessage = result.error.issues.find((issue) => issue.path[0] === 'name')?.message;
    if (nameMessage) {
      errors.firstName = nameMessage;
      errors.lastName = nameMessage;
    }
    return { request: null, errors };
  }),
);

export function WaitlistPage() {
  const navigate = useNavigate();
  const { toastFailure } = useToast();
  const signup = useCreateWaitlistSignup();
  const form = useValidatedForm({ initial: emptyValues, validate });

  const onSubmit = form.onSubmit((request) =>
    signup.mutate(request, {
      onSuccess: () => navigate('/thank-you'),
      onError: toastFailure('Error', 'Failed to submit form'),
    }),
  );

  return (
    <FormPage
      title="Join the Waitlist"
      lead="Krom is coming soon to Ghana. Sign up and be among the first to ride or drive when we launch."
      width={520}
    >
      <FormStack noValidate onSubmit={onSubmit}>
        <FieldPair>
          <TextField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
        </FieldPair>
        <EmailField label="Email" {...form.field('email')} />
        <PhoneField label="Phone Number" {...form.field('phone')} />
        <SubmitButton pending={form.checking || signup.isPending} pendingLabel="Signing Up...">
          Sign Up
        </SubmitButton>
        <Note>
          By joining the waitlist, you agree to receive updates about Krom. We respect your privacy and will never
          share your details.
        </Note>
      </FormStack>
    </FormPage>
  );
}

const Note = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
  text-align: center;
`;
