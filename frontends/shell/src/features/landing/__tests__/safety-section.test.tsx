import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafetySection } from '../components/safety-section.tsx';

describe("the landing's safety promises", () => {
  it('state what Krom does: verified profiles, reviews, emergency support and trip sharing, none marked coming soon any more', async () => {
    renderRoutes([{ path: '/', Component: SafetySection }], '/');
    const items = within(await screen.findByRole('region', { name: 'Your Safety Comes First' })).getAllByRole('heading', { level: 3 });
    expect(items.map((item) => item.textContent)).toEqual(['Verified profiles', 'Ratings and reviews', 'Emergency support', 'Trip sharing']);
  });
});
