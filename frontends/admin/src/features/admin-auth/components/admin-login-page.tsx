import { adminLoginRequestSchema } from '@krom/contracts/http/admin';
import { failureText } from '@krom/ui-kit/api-request.ts';
import { Button } from '@krom/ui-kit/button.tsx';
import { Logo } from '@krom/ui-kit/logo.tsx';
import { TextField } from '@krom/ui-kit/text-field.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { useLoginAdmin } from '../api/login-admin.ts';
import { AdminTag } from '../../../lib/admin-tag.tsx';

type Errors = { username?: string; password?: string };

export function AdminLoginPage() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const login = useLoginAdmin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Both fields are required; length rules are left to the server.
    const parsed = adminLoginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'username' || field === 'password') found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Login successful', description: 'Welcome to the admin panel' });
        navigate('/admin');
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Login failed', description: failureText(error, 'Invalid credentials') }),
    });
  };

  return (
    <Page>
      <Card>
        <Brand>
          <Logo />
          <AdminTag />
        </Brand>
        <div>
          <h1>Admin Sign In</h1>
          <Lead>Staff access to the waitlist and admin accounts.</Lead>
        </div>
        <Stack as="form" noValidate onSubmit={onSubmit}>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            required
            value={username}
            error={errors.username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" $block $size="lg" disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </Stack>
      </Card>
    </Page>
  );
}

const Page = styled.main`
  display: grid;
  place-items: start center;
  min-height: 100vh;
  padding: 32px 16px;
  background: ${({ theme }) => theme.color.surface};

  ${({ theme }) => theme.media.md} {
    place-items: center;
  }
`;

const Card = styled.div`
  display: grid;
  gap: 20px;
  width: 100%;
  max-width: 400px;
  padding: 24px 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.card};

  h1 { font-size: 1.5rem; }
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
`;

const Lead = styled.p`
  margin-top: 4px;
  color: ${({ theme }) => theme.color.muted};
`;

