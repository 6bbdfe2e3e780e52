import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { Container } from '@krom/ui-kit/container.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { isPreLaunch } from '../pre-launch.ts';

export function HeroSection() {
  return (
    <Hero>
      <Inner>
        {isPreLaunch() ? (
          <Launch>
            Krom is coming soon to Ghana. <Link to="/waitlist">Join the waitlist</Link> to hear first when we launch.
          </Launch>
        ) : null}
        <Eyebrow>Intercity carpooling in Ghana</Eyebrow>
        <Title>Share the ride between Ghana's cities</Title>
        <Lead>
          Find a seat with a verified driver already heading your way, or fill the empty seats in your car and cover
          your fuel. Accra to Kumasi, Takoradi to Cape Coast: travel together for less.
        </Lead>
        <Actions>
          <ButtonLink to="/ride-listings" $size="lg">
            Find a Ride
          </ButtonLink>
          <ButtonLink to="/create-ride" $size="lg" $variant="secondary">
            Post a Ride
          </ButtonLink>
        </Actions>
        <Prices>Prices in Ghana cedis (GH₵), agreed before you travel.</Prices>
      </Inner>
    </Hero>
  );
}

const Hero = styled.section`
  padding: 40px 0 48px;
  background: linear-gradient(180deg, ${({ theme }) => theme.color.primarySoft} 0%, #fff 100%);

  ${({ theme }) => theme.media.md} {
    padding: 88px 0 96px;
  }
`;

const Inner = styled(Container)`
  display: grid;
  gap: 16px;
  max-width: 760px;
  text-align: left;

  ${({ theme }) => theme.media.md} {
    text-align: center;
    justify-items: center;
  }
`;

/** Before launch (the web server's PRE_LAUNCH) the waitlist is the one thing a visitor can do here. */
const Launch = styled.p`
  padding: 10px 14px;
  border-radius: 10px;
  background: #fff;
  border: 1px solid ${({ theme }) => theme.color.primary};
  font-size: 0.9375rem;

  a {
    color: ${({ theme }) => theme.color.primary};
    font-weight: 700;
  }
`;

const Eyebrow = styled.p`
  font-size: 0.875rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.color.primary};
`;

const Title = styled.h1`
  font-size: 2.125rem;
  letter-spacing: -0.02em;

  ${({ theme }) => theme.media.md} {
    font-size: 3.25rem;
  }
`;

const Lead = styled.p`
  font-size: 1.0625rem;
  color: ${({ theme }) => theme.color.muted};

  ${({ theme }) => theme.media.md} {
    font-size: 1.1875rem;
  }
`;

const Actions = styled.div`
  display: grid;
  gap: 12px;
  margin-top: 8px;

  ${({ theme }) => theme.media.md} {
    grid-auto-flow: column;
  }
`;

const Prices = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;
