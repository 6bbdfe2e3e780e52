import { HeaderBar } from '@krom/ui-kit/header-bar.tsx';
import { Logo } from '@krom/ui-kit/logo.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

export function SimpleHeader() {
  return (
    <HeaderBar
      start={
        <LogoLink to="/" aria-label="Krom home">
          <Logo />
        </LogoLink>
      }
    />
  );
}

const LogoLink = styled(Link)`
  text-decoration: none;
`;
