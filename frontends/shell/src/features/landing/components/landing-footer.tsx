import { Container } from '@krom/ui-kit/container.tsx';
import { Logo } from '@krom/ui-kit/logo.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { landingAnchors } from './landing-anchors.ts';

/** The site's footer; on another page than the landing (`page="other"`) its section links lead to the landing's sections. */
export function LandingFooter({ page = 'landing' }: { page?: 'landing' | 'other' }) {
  const anchorBase = page === 'landing' ? '' : '/';
  return (
    <Footer>
      <Inner>
        <Brand>
          <Logo inverted />
          <Tagline>Intercity carpooling for Ghana.</Tagline>
        </Brand>
        <Columns>
          <nav aria-label="Company">
            <ColumnTitle>Company</ColumnTitle>
            <Links>
              <li>
                <FooterLink to="/contact">Contact Us</FooterLink>
              </li>
              <li>
                <FooterLink to="/terms">Terms of Use</FooterLink>
              </li>
              <li>
                <FooterLink to="/privacy">Privacy Policy</FooterLink>
              </li>
            </Links>
          </nav>
          <nav aria-label={page === 'landing' ? 'On this page' : 'Explore'}>
            <ColumnTitle>Explore</ColumnTitle>
            <Links>
              {landingAnchors.map((anchor) => (
                <li key={anchor.id}>
                  <FooterAnchor href={`${anchorBase}#${anchor.id}`}>{anchor.label}</FooterAnchor>
                </li>
              ))}
            </Links>
          </nav>
        </Columns>
        <Copyright>© 2025 Krom</Copyright>
      </Inner>
    </Footer>
  );
}

const Footer = styled.footer`
  padding: 40px 0 32px;
  background: #0f1f17;
  color: #d7e2dc;
`;

const Inner = styled(Container)`
  display: grid;
  gap: 28px;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: 1fr 2fr;
  }
`;

const Brand = styled.div`
  display: grid;
  gap: 8px;
  align-content: start;
`;

const Tagline = styled.p`
  color: #a9bab1;
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 24px;
`;

const ColumnTitle = styled.h2`
  margin-bottom: 8px;
  font-size: 0.875rem;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: #ffffff;
`;

const Links = styled.ul`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const linkStyle = `
  display: inline-block;
  padding: 8px 0;
  color: #d7e2dc;
  text-decoration: none;
  &:hover { color: #ffffff; text-decoration: underline; }
`;

const FooterLink = styled(Link)`
  ${linkStyle}
`;

const FooterAnchor = styled.a`
  ${linkStyle}
`;

const Copyright = styled.p`
  padding-top: 20px;
  border-top: 1px solid rgba(255, 255, 255, 0.12);
  font-size: 0.875rem;
  color: #a9bab1;

  ${({ theme }) => theme.media.md} {
    grid-column: 1 / -1;
  }
`;
