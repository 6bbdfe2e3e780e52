import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafetySection } from '../components/safety-section.tsx';

describe("the landing's safety promises", () => {
  it('state verified profiles and reviews as they are, and mark emergency support and trip tracking coming soon', async () => {
    renderRoutes([{ path: '/', Component: SafetySection }], '/');
    const items = within(await screen.findByRole('region', { name: 'Your Safety Comes First' })).getAllByRole('heading', { level: 3 });
    expect(items.map((item) => item.textContent)).toEqual(['Verified profiles', 'Ratings and reviews', 'Emergency supportComing soon', 'Trip trackingComing soon']);
  });
});
