import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Container } from '@krom/ui-kit/container.tsx';
import { LogoHeader } from '@krom/ui-kit/logo-header.tsx';
import styled from 'styled-components';

const reasons = [
  {
    title: 'Cover your fuel',
    text: 'Set one price per passenger in GH₵. Three passengers to Kumasi can pay for most of your tank.',
  },
  {
    title: 'Drive when it suits you',
    text: 'Post a ride only for trips you are already making. No shifts, no minimum hours.',
  },
  {
    title: 'Know who is riding',
    text: 'Passengers have profiles and ratings, and you confirm who travels with you.',
  },
];

const steps = [
  'Add your departure, destination, date and time.',
  'Choose how many seats you have and the price per seat.',
  'Review and post. Accept passengers as they book.',
];

/** /post-ride: the pitch to drivers, leading to the ride posting flow at /create-ride. */
export function PostRidePage() {
  return (
    <>
      <LogoHeader login />
      <main>
        <Hero>
          <Inner>
            <Eyebrow>For drivers</Eyebrow>
            <h1>Turn your empty seats into fuel money</h1>
            <Lead>
              Driving from Accra to Kumasi, Takoradi or Tamale anyway? Share the trip with passengers heading the same
              way and let them split the cost of the road.
            </Lead>
            <ButtonLink to="/create-ride" $size="lg" $block>
              Post a Ride
            </ButtonLink>
          </Inner>
        </Hero>
        <Band>
          <Inner>
            <h2>Why drive with Krom</h2>
            <Reasons>
              {reasons.map((reason) => (
                <Reason key={reason.title}>
                  <h3>{reason.title}</h3>
                  <p>{reason.text}</p>
                </Reason>
              ))}
            </Reasons>
          </Inner>
        </Band>
        <Band $tinted>
          <Inner>
            <h2>Post a ride in three steps</h2>
            <Steps>
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </Steps>
            <ButtonLink to="/create-ride" $variant="secondary" $block>
              Start posting
            </ButtonLink>
          </Inner>
        </Band>
      </main>
    </>
  );
}

const Inner = styled(Container)`
  display: grid;
  gap: 16px;
  max-width: 720px;

  h2 { font-size: 1.5rem; }
  ${({ theme }) => theme.media.md} {
    a { justify-self: start; width: auto; }
  }
`;

const Hero = styled.section`
  padding: 40px 0;
  background: linear-gradient(180deg, ${({ theme }) => theme.color.primarySoft} 0%, #fff 100%);

  h1 {
    font-size: 2rem;
    letter-spacing: -0.02em;
  }
  ${({ theme }) => theme.media.md} {
    padding: 72px 0;
    h1 { font-size: 2.75rem; }
  }
`;

const Eyebrow = styled.p`
  font-size: 0.875rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.primary};
`;

const Lead = styled.p`
  font-size: 1.0625rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Band = styled.section<{ $tinted?: boolean }>`
  padding: 40px 0;
  background: ${({ $tinted, theme }) => ($tinted ? theme.color.surface : 'transparent')};
`;

const Reasons = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Reason = styled.li`
  display: grid;
  gap: 4px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};

  h3 { font-size: 1.0625rem; }
  p { color: ${({ theme }) => theme.color.muted}; }
`;

const Steps = styled.ol`
  display: grid;
  gap: 10px;
  margin: 0;
  padding-left: 1.25rem;

  li::marker { font-weight: 700; color: ${({ theme }) => theme.color.primary}; }
`;
