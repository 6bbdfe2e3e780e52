import { type ProfileUpdateRequest, profileUpdateRequestSchema, type User } from '@krom/contracts/http/auth';
import { Button, SubmitButton } from '@krom/ui-kit/button.tsx';
import { Select } from '@krom/ui-kit/select.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { firstMessages, useValidatedForm, type Validation } from '@krom/ui-kit/use-validated-form.ts';
import type { ReactNode } from 'react';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { useUpdateProfile } from '../api/update-profile.ts';

type Editable = { firstName: string; lastName: string; emergencyContactName: string; emergencyContactPhone: string; gender: string };
const editable = ['firstName', 'lastName', 'emergencyContactName', 'emergencyContactPhone', 'gender'] as const;

/** Krom's own words for the optional gender (the spec has none): who sees it, and what it is for. */
export const genderTexts = {
  label: 'Gender (optional)',
  unstated: 'Prefer not to say',
  woman: 'Woman',
  man: 'Man',
  hint: 'Shown to nobody. Only verified members whose profile says woman can post or book women-only rides.',
} as const;
const genderOptions = [
  { value: '', label: genderTexts.unstated },
  { value: 'woman', label: genderTexts.woman },
  { value: 'man', label: genderTexts.man },
];

const savedValues = (user: User): Editable => ({
  firstName: user.firstName,
  lastName: user.lastName,
  emergencyContactName: user.emergencyContactName ?? '',
  emergencyContactPhone: user.emergencyContactPhone ?? '',
  gender: user.gender ?? '',
});

/** Phone fields keep digits only, at most the 10 of a Ghana number. */
const phoneDigits = (value: string) => value.replace(/\D/g, '').slice(0, 10);

/** What is sent for `values`, checked by the contract's own rules and messages before the round trip. */
function validate(user: User, values: Editable): Validation<Editable, ProfileUpdateRequest> {
  const request: ProfileUpdateRequest = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: user.email,
    phone: user.phone,
    emergencyContactName: values.emergencyContactName.trim() || null,
    emergencyContactPhone: values.emergencyContactPhone || null,
    profileImageUrl: user.profileImageUrl,
    // Blank is "prefer not to say": sent as null, so a gender stated before is no longer stated.
    gender: (values.gender || null) as ProfileUpdateRequest['gender'],
  };
  const checked = profileUpdateRequestSchema.safeParse(request);
  if (checked.success) return { request, errors: {} };
  return { request: null, errors: firstMessages<Editable>(checked.error.issues, editable) };
}

/** Names and emergency contact are editable; email and phone are shown but fixed (spec section 5). */
export function ProfileForm({ user, beforeActions }: { user: User; beforeActions: ReactNode }) {
  const { toast, toastFailure } = useToast();
  const saveProfile = useUpdateProfile();
  const form = useValidatedForm({
    initial: () => savedValues(user),
    validate: (values: Editable) => validate(user, values),
    onEdit: 'clear',
  });

  const onSubmit = form.onSubmit((request) =>
    saveProfile.mutate(request, {
      onSuccess: () => toast({ title: 'Profile Updated' }),
      onError: toastFailure('Update Failed', 'Failed to update profile.'),
    }),
  );

  return (
    <Stack as="form" $gap={24} noValidate onSubmit={onSubmit} aria-label="Profile details">
      <Section>
        <h2>Personal Information</h2>
        <Pair>
          <TextField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
        </Pair>
        <Pair>
          <TextField label="Email" name="email" type="email" value={user.email} readOnly hint="Your email cannot be changed" />
          <TextField label="Phone" name="phone" type="tel" value={user.phone} readOnly hint="Your phone number cannot be changed" />
        </Pair>
        <Pair>
          <Select label={genderTexts.label} options={genderOptions} hint={genderTexts.hint} {...form.field('gender')} />
        </Pair>
      </Section>
      <Section>
        <h2>Emergency Contact</h2>
        <Pair>
          <TextField label="Emergency Contact Name" autoComplete="off" {...form.field('emergencyContactName')} />
          <TextField
            label="Emergency Contact Phone"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            placeholder="0241234567"
            {...form.field('emergencyContactPhone', phoneDigits)}
          />
        </Pair>
      </Section>
      {beforeActions}
      <Actions>
        <Button $variant="secondary" onClick={() => form.reset(savedValues(user))} disabled={saveProfile.isPending}>
          Cancel
        </Button>
        <SubmitButton $block={false} $size="md" pending={saveProfile.isPending} pendingLabel="Saving...">
          Save Profile
        </SubmitButton>
      </Actions>
    </Stack>
  );
}

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
