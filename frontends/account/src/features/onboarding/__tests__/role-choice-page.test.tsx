import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/routes.tsx';

const dashboard = { path: '/dashboard', Component: () => <h1>Dashboard</h1> };

describe('role choice (/onboarding)', () => {
  it('asks whether the person rides or drives', async () => {
    renderRoutes([...routes, dashboard], '/onboarding');
    expect(await screen.findByRole('heading', { name: "Let's get started" })).toBeTruthy();
    expect(screen.getByText('Are you here to ride or drive?')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'I want to be a passenger Book safe and affordable trips' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'I want to be a driver Earn money sharing your rides' })).toBeTruthy();
  });

  it('keeps Next disabled until a role is chosen, then goes to the dashboard without telling the server', async () => {
    const api = mockApi({});
    const { user, router } = renderRoutes([...routes, dashboard], '/onboarding');
    const next = (await screen.findByRole('button', { name: 'Next' })) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.click(next);
    expect(router.state.location.pathname).toBe('/onboarding');

    await user.click(screen.getByRole('radio', { name: /I want to be a driver/ }));
    expect(next.disabled).toBe(false);
    await user.click(next);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.calls).toHaveLength(0);
  });
});
