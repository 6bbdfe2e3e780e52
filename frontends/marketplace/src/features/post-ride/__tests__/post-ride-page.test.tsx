import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

describe('/post-ride', () => {
  it('pitches driving with Krom and leads to the ride posting flow', async () => {
    renderRoutes(routes, '/post-ride');
    expect(await screen.findByRole('heading', { level: 1, name: 'Turn your empty seats into fuel money' })).toBeTruthy();
    const targets = screen
      .getAllByRole('link', { name: /Post a Ride|Start posting/ })
      .map((link) => link.getAttribute('href'));
    expect(targets).toEqual(['/create-ride', '/create-ride']);
  });
});
