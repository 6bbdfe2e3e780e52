import { Container } from '@krom/ui-kit/container.tsx';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

/*
 * The pieces of a staff page about one thing (a verification submission, a booking): the way
 * back, a title with its status, sections of term/value details.
 */

export const StaffPageMain = styled(Container).attrs({ as: 'main' })`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  padding-top: 16px;
  padding-bottom: 48px;
`;

export const BackLink = styled(Link)`
  justify-self: start;
  padding: 10px 0;
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
`;

export const PageTitle = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;

  h1 { font-size: 1.5rem; }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.color.muted};
  font-size: 0.9375rem;
`;

export const PageSection = styled.section`
  display: grid;
  gap: 12px;

  h2 { font-size: 1.125rem; }
`;

export const Details = styled.dl`
  display: grid;
  gap: 12px;
  margin: 0;

  ${({ theme }) => theme.media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }

  dt {
    font-size: 0.8125rem;
    font-weight: 700;
    color: ${({ theme }) => theme.color.muted};
  }
  dd {
    margin: 2px 0 0;
    overflow-wrap: anywhere;
  }
`;

/** One term and its value in a <Details> list. */
export function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
