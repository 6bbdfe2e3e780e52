import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { type StaffRole, staffRoleLabels, staffRoles } from '@krom/contracts/http/staff-roles-values';
import { useCreateAdminUser } from '../api/create-admin-user.ts';

export function CreateAdminForm() {
  const { toast } = useToast();
  const createAdmin = useCreateAdminUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // What the new member of staff may do: support unless the administrator chooses otherwise.
  const [roles, setRoles] = useState<StaffRole[]>(['support']);
  const toggle = (role: StaffRole) => setRoles((held) => (held.includes(role) ? held.filter((r) => r !== role) : [...held, role]));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The spec: submitting with either field empty does nothing.
    if (username.trim() === '' || password === '') return;
    createAdmin.mutate(
      { username: username.trim(), password, roles },
      {
        onSuccess: () => {
          setUsername('');
          setPassword('');
          setRoles(['support']);
          toast({ title: 'Admin user created', description: 'New admin user has been created successfully' });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error creating admin user',
            description: failureText(error, 'Failed to create admin user'),
          }),
      },
    );
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="create-admin-title">
      <h3 id="create-admin-title">Create Admin User</h3>
      <Fields>
        <TextField
          label="Username"
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Fields>
      <Roles>
        <legend>Roles</legend>
        {staffRoles.map((role) => (
          <label key={role}>
            <input type="checkbox" name="roles" value={role} checked={roles.includes(role)} onChange={() => toggle(role)} /> {staffRoleLabels[role]}
          </label>
        ))}
      </Roles>
      <Button type="submit" disabled={createAdmin.isPending}>
        {createAdmin.isPending ? 'Creating...' : 'Create Admin'}
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: 16px;
  padding: 16px;
  margin-bottom: 24px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  h3 { font-size: 1.0625rem; }

  ${({ theme }) => theme.media.md} {
    justify-items: start;
    padding: 20px;
  }
`;

const Fields = styled.div`
  display: grid;
  gap: 16px;
  width: 100%;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Roles = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 20px;
  border: 0;
  padding: 0;

  legend { font-weight: 600; margin-bottom: 8px; }
`;
