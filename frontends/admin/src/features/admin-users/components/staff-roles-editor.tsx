import type { AdminUser } from '@krom/contracts/http/admin';
import { type StaffRole, staffRoleLabels, staffRoles } from '@krom/contracts/http/staff-roles-values';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { useSetStaffRoles } from '../api/set-staff-roles.ts';

/**
 * One staff account's roles as checkboxes, saved together. An administrator's own administrator
 * box cannot be cleared (the server refuses it too), so Krom always keeps an administrator.
 * New roles apply at the account's next sign-in: its sessions end when they are saved.
 */
export function StaffRolesEditor({ admin, isSelf }: { admin: AdminUser; isSelf: boolean }) {
  const { toast } = useToast();
  const save = useSetStaffRoles(admin.id);
  const [roles, setRoles] = useState<StaffRole[]>(admin.roles);
  const toggle = (role: StaffRole) => setRoles((held) => (held.includes(role) ? held.filter((r) => r !== role) : [...held, role]));
  const changed = staffRoles.some((role) => roles.includes(role) !== admin.roles.includes(role));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      staffRoles.filter((role) => roles.includes(role)),
      {
        onSuccess: (updated) => {
          setRoles(updated.roles);
          toast({ title: 'Roles saved', description: `${updated.username} has the new roles from their next sign-in` });
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Roles not saved', description: failureText(error, 'The roles could not be saved') }),
      },
    );
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={`Roles of ${admin.username}`}>
      <Boxes aria-label="Roles">
        {staffRoles.map((role) => {
          const locked = isSelf && role === 'administrator' && admin.roles.includes('administrator');
          return (
            <label key={role}>
              <input type="checkbox" value={role} checked={roles.includes(role)} disabled={locked} onChange={() => toggle(role)} /> {staffRoleLabels[role]}
            </label>
          );
        })}
      </Boxes>
      {isSelf ? <Note>You cannot remove your own administrator role. Saving your roles signs you out.</Note> : null}
      <Button type="submit" $variant="secondary" disabled={!changed || save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 8px;
  justify-items: start;
`;

const Boxes = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  border: 0;
  padding: 0;
  margin: 0;

  label { display: inline-flex; align-items: center; gap: 6px; min-height: 32px; }
`;

const Note = styled.p`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.color.muted};
`;
