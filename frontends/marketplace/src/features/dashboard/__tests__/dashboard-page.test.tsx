import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routesManifest as accountManifest } from '@krom/account/routes-manifest';
import { declareScreens } from '@krom/ui-kit/declared-screens.ts';
import { matchPath } from 'react-router-dom';
import { routesManifest as marketplaceManifest } from '../../../app/routes-manifest.ts';
import { routes } from '../../../app/routes.tsx';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../components/dashboard-page.tsx'), 30_000);

const elsewhere = [{ path: '/login', Component: () => <h1>Log in</h1> }];

function openDashboard(user = aUser()) {
  mockApi(frameAnswers(user));
  return renderRoutes([...elsewhere, ...routes], '/dashboard');
}

const step = (title: string) => screen.getByRole('listitem', { name: title });

describe('/dashboard', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('welcomes the user by first name and offers to find or post a ride', async () => {
    openDashboard(aUser({ firstName: 'Kwabena' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Kwabena!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Find a Ride/ }).getAttribute('href')).toBe('/ride-listings');
    expect(screen.getByRole('link', { name: /^Post a Ride/ }).getAttribute('href')).toBe('/create-ride');
  });

  it('has the four tabs, with honest empty states until rides and bookings exist', async () => {
    const { user } = openDashboard();
    const tabs = await screen.findByRole('combobox', { name: 'Dashboard sections' });
    expect(within(tabs).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Recent Activity',
      'My Bookings',
      'My Rides',
      'Profile',
    ]);
    const panel = () => screen.getByRole('tabpanel');
    expect(within(panel()).getByText('No recent activity yet')).toBeTruthy();

    await user.selectOptions(tabs, 'My Bookings');
    expect(within(panel()).getByText('No bookings yet')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Find a Ride' }).getAttribute('href')).toBe('/find-ride');

    await user.selectOptions(tabs, 'My Rides');
    expect(within(panel()).getByText('No rides posted yet')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Post a Ride' }).getAttribute('href')).toBe('/create-ride');
  });

  it("shows a new account's profile steps as still to do, each linking to where it is done", async () => {
    const { user } = openDashboard();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Dashboard sections' }), 'Profile');
    expect(screen.getByText('0 of 4 complete')).toBeTruthy();
    const links = ['Basic Profile', 'ID Verification', 'Driver Verification', 'Vehicle Added'].map((title) => {
      expect(within(step(title)).getByText('To do')).toBeTruthy();
      return within(step(title)).getByRole('link').getAttribute('href');
    });
    expect(links).toEqual(['/profile', '/verify-identity', '/driver-verification', '/add-vehicle']);
    expect(screen.getByRole('link', { name: 'Find your next ride' }).getAttribute('href')).toBe('/find-ride');
  });

  it('derives the badges from the real user: photo and contact, ID approved, driver check pending', async () => {
    const { user } = openDashboard(
      aUser({
        profileImageUrl: '/api/uploads/ProfilePhoto000000001',
        emergencyContactName: 'Kofi Mensah',
        emergencyContactPhone: '0201112223',
        verificationStatus: 'approved',
        isVerified: true,
        driverVerificationStatus: 'pending',
      }),
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Dashboard sections' }), 'Profile');
    expect(screen.getByText('2 of 4 complete')).toBeTruthy();
    expect(within(step('Basic Profile')).getByText('Complete')).toBeTruthy();
    expect(within(step('ID Verification')).getByText('Complete')).toBeTruthy();
    expect(within(step('ID Verification')).getByText('Verified')).toBeTruthy();
    expect(within(step('Driver Verification')).getByText('Pending')).toBeTruthy();
    expect(within(step('Driver Verification')).getByText('Pending Approval')).toBeTruthy();
    expect(within(step('Vehicle Added')).getByText('To do')).toBeTruthy();
  });

  it('does not count a rejected verification or a half-filled profile as done', async () => {
    const { user } = openDashboard(aUser({ emergencyContactName: 'Kofi Mensah', verificationStatus: 'rejected' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Dashboard sections' }), 'Profile');
    expect(screen.getByText('0 of 4 complete')).toBeTruthy();
    expect(within(step('Basic Profile')).getByText('Add a photo and an emergency contact')).toBeTruthy();
    expect(within(step('ID Verification')).getByText('Verification Failed')).toBeTruthy();
  });

  it('links only to screens that exist: none of its links, nor the side menu, lead to the 404', async () => {
    // The app's screens as the shell declares them: the remotes' manifests (the shell's own pages are not linked from here).
    const declared = [...marketplaceManifest.paths, ...accountManifest.paths];
    declareScreens(declared);
    try {
      const { user } = openDashboard();
      const hrefs = new Set<string>();
      const collect = () => {
        for (const link of document.querySelectorAll('a[href]')) hrefs.add(link.getAttribute('href') ?? '');
      };
      const tabs = await screen.findByRole('combobox', { name: 'Dashboard sections' });
      for (const tab of ['Recent Activity', 'My Bookings', 'My Rides', 'Profile']) {
        await user.selectOptions(tabs, tab);
        collect();
      }
      await user.click(screen.getByRole('button', { name: 'Open account menu' }));
      collect();
      expect(hrefs.size).toBeGreaterThan(3);
      const dead = [...hrefs].filter((href) => !declared.some((pattern) => matchPath(pattern, href)));
      expect(dead).toEqual([]);
      // What does exist stays: the menu's own screens.
      const menu = screen.getByRole('navigation', { name: 'Account menu' });
      expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Profile', 'Account Settings', 'Verify Identity', 'Payments']);
    } finally {
      declareScreens(undefined);
    }
  });
});
