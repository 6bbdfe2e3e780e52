import type { User } from '@krom/contracts/http/auth';
import { checkedEmergencyContact } from '@krom/contracts/http/emergency-contact-values';
import { typedGhanaPhone } from '@krom/contracts/http/ghana-phone';
import { Button, SubmitButton } from '@krom/ui-kit/button.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { useUpdateProfile } from '../api/update-profile.ts';

/** The spec's note under the emergency contact (edit view). */
export const emergencyContactNote = "We'll only use this contact in case of emergencies.";

type Field = 'emergencyContactName' | 'emergencyContactPhone';

/**
 * The spec's edit view: the emergency contact's name and phone, shown until Edit opens them and
 * Save keeps them on the account (identity), where a shared trip reads the number it texts.
 * `startEditing` opens it ready to type (/edit-profile).
 */
export function EmergencyContactCard({ user, startEditing = false }: { user: User; startEditing?: boolean }) {
  const { toast, toastFailure } = useToast();
  const saveProfile = useUpdateProfile();
  const [editing, setEditing] = useState(startEditing);
  const [name, setName] = useState(user.emergencyContactName ?? '');
  const [phone, setPhone] = useState(user.emergencyContactPhone ?? '');
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);

  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    if (error?.field === field) setError(null);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkedEmergencyContact(name, phone);
    if (checked.error) {
      setError(checked.error);
      return;
    }
    // Names go along as saved (the endpoint needs them); photo and gender are left as they are.
    saveProfile.mutate(
      { firstName: user.firstName, lastName: user.lastName, ...checked.request },
      {
        onSuccess: (saved) => {
          setName(saved.emergencyContactName ?? '');
          setPhone(saved.emergencyContactPhone ?? '');
          setEditing(false);
          toast({ title: 'Profile Updated' });
        },
        onError: toastFailure('Update Failed', 'Failed to update profile.'),
      },
    );
  };
  const cancel = () => {
    setName(user.emergencyContactName ?? '');
    setPhone(user.emergencyContactPhone ?? '');
    setError(null);
    setEditing(false);
  };

  return (
    <Card as="form" noValidate onSubmit={onSubmit} aria-label="Emergency contact">
      <h2>Emergency Contact</h2>
      <TextField
        label="Emergency Contact Name"
        autoComplete="off"
        readOnly={!editing}
        value={name}
        onValueChange={edit('emergencyContactName', setName)}
        error={error?.field === 'emergencyContactName' ? error.message : undefined}
      />
      <TextField
        label="Emergency Contact Phone"
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        placeholder="0241234567"
        readOnly={!editing}
        value={phone}
        onValueChange={edit('emergencyContactPhone', (value) => setPhone(typedGhanaPhone(value)))}
        error={error?.field === 'emergencyContactPhone' ? error.message : undefined}
      />
      <Note>{emergencyContactNote}</Note>
      <Actions>
        {editing ? (
          <Button $variant="secondary" onClick={cancel} disabled={saveProfile.isPending}>
            Cancel
          </Button>
        ) : (
          <Button $variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
        <SubmitButton $block={false} $size="md" disabled={!editing} pending={saveProfile.isPending} pendingLabel="Saving...">
          Save
        </SubmitButton>
      </Actions>
    </Card>
  );
}

const Card = styled.section`
  display: grid;
  gap: 12px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  h2 { font-size: 1.125rem; }
  input[readonly] {
    background: ${({ theme }) => theme.color.surface};
  }
`;

const Note = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;
