import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { HeaderBar } from './header-bar.tsx';
import { Logo } from './logo.tsx';

/** The header of signed-out pages: the logo, leading home. */
export function LogoHeader() {
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
  border-radius: ${({ theme }) => theme.radius.sm};
`;
