import { screenExists } from '@krom/ui-kit/declared-screens.ts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatRating } from '../format-dashboard.ts';

/** The driver's average rating and review count from the dashboard's answer, and once there are reviews, See all reviews. */
export function RatingsCard({ rating, reviewCount }: { rating: number | null; reviewCount: number }) {
  return (
    <Card>
      {rating === null ? (
        <strong>No ratings yet</strong>
      ) : (
        <Score>
          <span aria-hidden="true">★</span>
          <strong>{formatRating(rating)}</strong> out of 5
        </Score>
      )}
      {reviewCount === 0 ? (
        <p>No reviews yet</p>
      ) : (
        <p>
          {reviewCount} review{reviewCount === 1 ? '' : 's'}
        </p>
      )}
      {reviewCount > 0 && screenExists('/all-reviews') ? <Link to="/all-reviews">See all reviews</Link> : null}
    </Card>
  );
}

const Card = styled.div`
  display: grid;
  gap: 4px;
  padding: 14px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};

  p { color: ${({ theme }) => theme.color.muted}; }
  a { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
`;

const Score = styled.p`
  display: flex;
  align-items: baseline;
  gap: 6px;

  && { color: ${({ theme }) => theme.color.text}; }
  span { color: ${({ theme }) => theme.color.star}; font-size: 1.25rem; }
  strong { font-size: 1.5rem; }
`;
