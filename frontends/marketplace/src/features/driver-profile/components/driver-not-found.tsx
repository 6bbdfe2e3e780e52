import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import styled from 'styled-components';

/** The answer to a driver id Krom does not know (or a profile not yet known to the rides service, for one's own). */
export function DriverNotFound({ own }: { own: boolean }) {
  const next = own ? { to: '/profile', label: 'Go to My Profile' } : { to: '/ride-listings', label: 'Find a Ride' };
  return (
    <Box>
      <h1>Driver not found</h1>
      <p>
        {own
          ? 'Your driver profile is not available yet. Please try again in a moment.'
          : 'This driver profile does not exist or is no longer available.'}
      </p>
      {screenExists(next.to) ? (
        <ButtonLink to={next.to} $variant="secondary">
          {next.label}
        </ButtonLink>
      ) : null}
    </Box>
  );
}

const Box = styled.div`
  display: grid;
  justify-items: start;
  gap: 12px;
  padding: 24px 0;

  h1 { font-size: 1.5rem; }
  p { color: ${({ theme }) => theme.color.muted}; }
`;
