import { joinWaitlistRequestSchema } from '@krom/contracts/http/waitlist';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { Container } from '@krom/ui-kit/container.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useCreateWaitlistSignup } from '../api/create-waitlist-signup.ts';
import { normalizePhoneInput } from '../normalize-phone-input.ts';
import { SimpleHeader } from '../../../components/simple-header.tsx';

type Values = { firstName: string; lastName: string; email: string; phone: string };
type Errors = Partial<Record<keyof Values, string>>;

const emptyValues: Values = { firstName: '', lastName: '', email: '', phone: '' };

/**
 * The form asks for first and last name, the contract for one `name`: they are joined and trimmed,
 * and a name error is shown on both name fields.
 */
function validate(values: Values) {
  const result = joinWaitlistRequestSchema.safeParse({
    name: `${values.firstName} ${values.lastName}`.trim(),
    email: values.email,
    phone: values.phone,
  });
  if (result.success) return { request: result.data, errors: {} as Errors };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'name') {
      errors.firstName ??= issue.message;
      errors.lastName ??= issue.message;
    } else if (field === 'email' || field === 'phone') {
      errors[field] ??= issue.message;
    }
  }
  return { request: null, errors };
}

export function WaitlistPage() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const signup = useCreateWaitlistSignup();
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const update = (field: keyof Values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first submit, messages follow the typing so a fixed field clears its error at once.
    if (submitted) setErrors(validate(next).errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const { request, errors: found } = validate(values);
    setErrors(found);
    if (!request) return;
    signup.mutate(request, {
      onSuccess: () => navigate('/thank-you'),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Error', description: failureText(error, 'Failed to submit form') }),
    });
  };

  return (
    <>
      <SimpleHeader />
      <Main>
        <Card>
          <Intro>
            <h1>Join the Waitlist</h1>
            <p>Krom is coming soon to Ghana. Sign up and be among the first to ride or drive when we launch.</p>
          </Intro>
          <Form noValidate onSubmit={onSubmit}>
            <NameRow>
              <TextField
                label="First Name"
                name="firstName"
                autoComplete="given-name"
                value={values.firstName}
                error={errors.firstName}
                onChange={(event) => update('firstName', event.target.value)}
              />
              <TextField
                label="Last Name"
                name="lastName"
                autoComplete="family-name"
                value={values.lastName}
                error={errors.lastName}
                onChange={(event) => update('lastName', event.target.value)}
              />
            </NameRow>
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={values.email}
              error={errors.email}
              onChange={(event) => update('email', event.target.value)}
            />
            <TextField
              label="Phone Number"
              name="phone"
              type="tel"
              autoComplete="tel-national"
              inputMode="numeric"
              placeholder="0241234567"
              value={values.phone}
              error={errors.phone}
              onChange={(event) => update('phone', normalizePhoneInput(event.target.value))}
            />
            <Button type="submit" $block $size="lg" disabled={signup.isPending}>
              {signup.isPending ? 'Signing Up...' : 'Sign Up'}
            </Button>
            <Note>
              By joining the waitlist, you agree to receive updates about Krom. We respect your privacy and will never
              share your details.
            </Note>
          </Form>
        </Card>
      </Main>
    </>
  );
}

const Main = styled(Container).attrs({ as: 'main' })`
  padding-top: 24px;
  padding-bottom: 48px;

  ${({ theme }) => theme.media.md} {
    padding-top: 56px;
  }
`;

const Card = styled.div`
  display: grid;
  gap: 24px;
  max-width: 520px;
  margin: 0 auto;

  ${({ theme }) => theme.media.md} {
    padding: 32px;
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.lg};
    box-shadow: ${({ theme }) => theme.shadow.card};
  }
`;

const Intro = styled.div`
  display: grid;
  gap: 8px;

  h1 { font-size: 1.75rem; }
  p { color: ${({ theme }) => theme.color.muted}; }
`;

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const NameRow = styled.div`
  display: grid;
  gap: 16px;

  @media (min-width: 480px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Note = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
  text-align: center;
`;
