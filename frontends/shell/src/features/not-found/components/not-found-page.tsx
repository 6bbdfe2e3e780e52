import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Container } from '@krom/ui-kit/container.tsx';
import styled from 'styled-components';
import { LogoHeader } from '@krom/ui-kit/logo-header.tsx';

export function NotFoundPage() {
  return (
    <>
      <LogoHeader />
      <Page as="main">
        <Code aria-hidden="true">404</Code>
        <h1>Page Not Found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <HomeLink to="/">Go to the home page</HomeLink>
      </Page>
    </>
  );
}

const Page = styled(Container)`
  display: grid;
  justify-items: start;
  gap: 12px;
  padding-top: 72px;
  padding-bottom: 72px;

  p { color: ${({ theme }) => theme.color.muted}; }
`;

const Code = styled.span`
  font-size: 3.5rem;
  font-weight: 800;
  line-height: 1;
  color: ${({ theme }) => theme.color.primary};
`;

const HomeLink = styled(ButtonLink)`
  margin-top: 8px;
`;
