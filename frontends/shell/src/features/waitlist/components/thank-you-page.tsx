import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Container } from '@krom/ui-kit/container.tsx';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LogoHeader } from '@krom/ui-kit/logo-header.tsx';

const shareText = 'I just joined the Krom waitlist: intercity carpooling is coming soon to Ghana!';

function shareLinks(url: string): { network: string; href: string; icon: ReactNode }[] {
  const encodedUrl = encodeURIComponent(url);
  const encodedText = encodeURIComponent(shareText);
  return [
    {
      network: 'X',
      href: `https://x.com/intent/post?text=${encodedText}&url=${encodedUrl}`,
      icon: <path d="M3.5 4h4.6l4.1 5.6L17 4h2.3l-6 6.9 7.2 9.1h-4.6l-4.4-6-5.2 6H4l6.4-7.3z" fill="currentColor" />,
    },
    {
      network: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
      icon: <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8z" fill="currentColor" />,
    },
    {
      // Instagram has no web share link; this opens Instagram so the visitor can post about us.
      network: 'Instagram',
      href: 'https://www.instagram.com/',
      icon: (
        <>
          <rect x="4" y="4" width="16" height="16" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="12" cy="12" r="3.6" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="17" cy="7" r="1.2" fill="currentColor" />
        </>
      ),
    },
    {
      network: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`,
      icon: (
        <path
          d="M5 9h3v11H5zM6.5 4a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6zM10 9h3v1.6c.5-1 1.7-1.8 3.4-1.8 3 0 3.6 2 3.6 4.6V20h-3v-5.8c0-1.4 0-3-1.9-3s-2.1 1.4-2.1 2.9V20h-3z"
          fill="currentColor"
        />
      ),
    },
  ];
}

export function ThankYouPage() {
  const links = shareLinks(window.location.origin);
  return (
    <>
      <LogoHeader login />
      <Main>
        <Check aria-hidden="true">
          <svg width="36" height="36" viewBox="0 0 24 24">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </Check>
        <h1>Thank You!</h1>
        <Lead>You are on the list. Krom is coming soon to Ghana.</Lead>
        <p>We will keep you updated as we get ready to launch, so you can be among the first to ride or drive.</p>
        <Share aria-labelledby="share-title">
          <h2 id="share-title">Spread the word</h2>
          <ShareList>
            {links.map((link) => (
              <li key={link.network}>
                <ShareLink href={link.href} target="_blank" rel="noopener noreferrer">
                  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                    {link.icon}
                  </svg>
                  <span>
                    <Hidden>Share on</Hidden> {link.network}
                  </span>
                </ShareLink>
              </li>
            ))}
          </ShareList>
        </Share>
        <HomeLink to="/" $variant="secondary">
          Back to home
        </HomeLink>
      </Main>
    </>
  );
}

const Main = styled(Container).attrs({ as: 'main' })`
  display: grid;
  justify-items: center;
  gap: 12px;
  max-width: 560px;
  padding-top: 48px;
  padding-bottom: 48px;
  text-align: center;

  h1 { font-size: 2rem; }
  p { color: ${({ theme }) => theme.color.muted}; }
`;

const Check = styled.div`
  display: grid;
  place-items: center;
  width: 72px;
  height: 72px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
`;

const Lead = styled.p`
  font-size: 1.125rem;
  font-weight: 600;
  && { color: ${({ theme }) => theme.color.text}; }
`;

const Share = styled.section`
  display: grid;
  gap: 12px;
  width: 100%;
  margin-top: 16px;
  padding: 20px 16px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};

  h2 { font-size: 1.125rem; }
`;

const ShareList = styled.ul`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const ShareLink = styled.a`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  border: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.text};
  font-weight: 600;
  text-decoration: none;
`;

const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const HomeLink = styled(ButtonLink)`
  margin-top: 16px;
`;
