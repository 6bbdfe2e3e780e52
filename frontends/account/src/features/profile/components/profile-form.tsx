import { type ProfileUpdateRequest, profileUpdateRequestSchema, type User } from '@krom/contracts/http/auth';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { useUpdateProfile } from '../api/update-profile.ts';

type Editable = { firstName: string; lastName: string; emergencyContactName: string; emergencyContactPhone: string };
type FieldErrors = Partial<Record<keyof Editable, string>>;

const savedValues = (user: User): Editable => ({
  firstName: user.firstName,
  lastName: user.lastName,
  emergencyContactName: user.emergencyContactName ?? '',
  emergencyContactPhone: user.emergencyContactPhone ?? '',
});

/** Phone fields keep digits only, at most the 10 of a Ghana number. */
const phoneDigits = (value: string) => value.replace(/\D/g, '').slice(0, 10);

/** Names and emergency contact are editable; email and phone are shown but fixed (spec section 5). */
export function ProfileForm({ user, beforeActions }: { user: User; beforeActions: ReactNode }) {
  const { toast } = useToast();
  const saveProfile = useUpdateProfile();
  const [values, setValues] = useState<Editable>(() => savedValues(user));
  const [errors, setErrors] = useState<FieldErrors>({});

  const edit = (field: keyof Editable) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request: ProfileUpdateRequest = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: user.email,
      phone: user.phone,
      emergencyContactName: values.emergencyContactName.trim() || null,
      emergencyContactPhone: values.emergencyContactPhone || null,
      profileImageUrl: user.profileImageUrl,
    };
    // The contract's own rules and messages, checked before the round trip.
    const checked = profileUpdateRequestSchema.safeParse(request);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof Editable;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    saveProfile.mutate(request, {
      onSuccess: () => toast({ title: 'Profile Updated' }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Update Failed', description: failureText(error, 'Failed to update profile.') }),
    });
  };

  const onCancel = () => {
    setValues(savedValues(user));
    setErrors({});
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Profile details">
      <Section>
        <h2>Personal Information</h2>
        <Pair>
          <TextField
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            error={errors.firstName}
            onChange={(event) => edit('firstName')(event.target.value)}
          />
          <TextField
            label="Last Name"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            error={errors.lastName}
            onChange={(event) => edit('lastName')(event.target.value)}
          />
        </Pair>
        <Pair>
          <TextField label="Email" name="email" type="email" value={user.email} readOnly hint="Your email cannot be changed" />
          <TextField label="Phone" name="phone" type="tel" value={user.phone} readOnly hint="Your phone number cannot be changed" />
        </Pair>
      </Section>
      <Section>
        <h2>Emergency Contact</h2>
        <Pair>
          <TextField
            label="Emergency Contact Name"
            name="emergencyContactName"
            autoComplete="off"
            value={values.emergencyContactName}
            error={errors.emergencyContactName}
            onChange={(event) => edit('emergencyContactName')(event.target.value)}
          />
          <TextField
            label="Emergency Contact Phone"
            name="emergencyContactPhone"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            placeholder="0241234567"
            value={values.emergencyContactPhone}
            error={errors.emergencyContactPhone}
            onChange={(event) => edit('emergencyContactPhone')(phoneDigits(event.target.value))}
          />
        </Pair>
      </Section>
      {beforeActions}
      <Actions>
        <Button $variant="secondary" onClick={onCancel} disabled={saveProfile.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={saveProfile.isPending}>
          {saveProfile.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
      </Actions>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 24px;
`;

const Section = styled.section`
  display: grid;
  gap: 16px;

  h2 { font-size: 1.125rem; }
`;

const Pair = styled.div`
  display: grid;
  gap: 16px;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: 1fr 1fr;
  }

  input[readonly] {
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;

  ${({ theme }) => theme.media.md} {
    display: flex;
    justify-content: flex-end;
  }
`;
