import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from './button-link.tsx';
import { HeaderBar } from './header-bar.tsx';
import { Logo } from './logo.tsx';
import { useLoginHere } from './login-path.ts';

/**
 * The header of signed-out pages: the logo, leading home, and on public pages a guest can browse
 * (`login`) a Log in link that comes back to the page after signing in.
 */
export function LogoHeader({ login = false }: { login?: boolean }) {
  return (
    <HeaderBar
      start={
        <LogoLink to="/" aria-label="Krom home">
          <Logo />
        </LogoLink>
      }
      end={login ? <LoginHere /> : undefined}
    />
  );
}

function LoginHere() {
  return (
    <ButtonLink to={useLoginHere()} $variant="secondary">
      Log in
    </ButtonLink>
  );
}

const LogoLink = styled(Link)`
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radius.sm};
`;
