import type { MemberReviews, Review, ReviewToWrite } from '@krom/contracts/http/reviews';

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`;
};

export const kwame = { id: '0f9b6a3e-2c4d-4e5f-8a9b-1c2d3e4f5a6c', firstName: 'Kwame', profileImageUrl: null };
export const ama = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', firstName: 'Ama', profileImageUrl: null };

/** Ama's visible review of Kwame as a driver, 5 stars. */
export function aReview(overrides: Partial<Review> = {}): Review {
  return {
    id: nextId(),
    reviewType: 'driver',
    rating: 5,
    comment: 'Safe driving and on time.',
    createdAt: '2026-10-03T10:00:00.000Z',
    visible: true,
    publishedAt: '2026-10-03T12:00:00.000Z',
    reviewer: ama,
    reviewee: kwame,
    rideFrom: 'Accra',
    rideTo: 'Kumasi',
    departureDate: '2026-10-02',
    reply: null,
    ...overrides,
  };
}

/** A page of a member's reviews with averages from what it holds. */
export function memberReviews(reviews: Review[], nextCursor: string | null = null, overrides: Partial<MemberReviews> = {}): MemberReviews {
  return {
    asDriver: { average: reviews.length === 0 ? null : 4.6, count: reviews.length },
    asPassenger: { average: null, count: 0 },
    reviews,
    nextCursor,
    ...overrides,
  };
}

/** A review the signed-in member may still write: by default the driver's of passenger Ama. */
export function aReviewToWrite(overrides: Partial<ReviewToWrite> = {}): ReviewToWrite {
  return {
    bookingId: nextId(),
    rideId: '00000000-0000-4000-8000-000000000777',
    reviewType: 'passenger',
    reviewee: ama,
    rideFrom: 'Accra',
    rideTo: 'Kumasi',
    departureDate: '2026-10-02',
    departureTime: '07:30',
    reviewBy: '2026-10-16T12:00:00.000Z',
    ...overrides,
  };
}
