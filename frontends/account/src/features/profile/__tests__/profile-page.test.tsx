import type { User } from '@krom/contracts/http/auth';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { declareScreens } from '@krom/ui-kit/declared-screens.ts';
import { matchPath } from 'react-router-dom';
import { routesManifest as accountManifest } from '../../../app/routes-manifest.ts';
import { routes } from '../../../app/routes.tsx';
import { verificationDisplay } from '../components/verification-status-card.tsx';
import { FakeXhr } from './fake-xhr.ts';
import { aUser, frameAnswers } from '@krom/ui-kit/testing/signed-in-api.ts';

// The screen loads lazily, as in the browser; compiling it once up front keeps that cost out of
// the first test's time limit on a busy machine.
beforeAll(() => import('../components/profile-page.tsx'), 30_000);

const elsewhere = [
  { path: '/login', Component: () => <h1>Log in</h1> },
  { path: '/verify-identity', Component: () => <h1>Verify your identity</h1> },
];

/** The profile screen against a server that keeps what PUT /api/auth/profile saves. */
function openProfile(user: User, failure?: { status: number; body?: unknown }) {
  let saved = user;
  const api = mockApi({
    ...frameAnswers(user),
    'GET /api/auth/user': () => ({ status: 200, body: saved }),
    'PUT /api/auth/profile': ({ body }) => {
      if (failure) return failure;
      const { email: _email, phone: _phone, ...changes } = body as Partial<User>;
      saved = { ...saved, ...changes };
      return { status: 200, body: saved };
    },
    'DELETE /api/upload': { status: 204 },
  });
  const view = renderRoutes([...elsewhere, ...routes], '/profile');
  return { api, ...view };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('/profile', () => {
  it('shows the signed-in user with names editable and email and phone read-only', async () => {
    openProfile(aUser({ emergencyContactName: 'Kofi Mensah', emergencyContactPhone: '0201112223' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(field('First Name').value).toBe('Ama');
    expect(field('Last Name').value).toBe('Mensah');
    expect(field('Email').value).toBe('ama@example.com');
    expect(field('Email').readOnly).toBe(true);
    expect(field('Phone').value).toBe('0241234567');
    expect(field('Phone').readOnly).toBe(true);
    expect(field('Emergency Contact Name').value).toBe('Kofi Mensah');
    expect(field('Emergency Contact Phone').value).toBe('0201112223');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeTruthy();
  });

  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/profile');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('saves names and the emergency contact, confirms, and updates the signed-in user everywhere', async () => {
    const { api, user } = openProfile(aUser());
    await screen.findByRole('heading', { name: 'My Profile' });
    await user.clear(field('First Name'));
    await user.type(field('First Name'), 'Efua');
    await user.type(field('Emergency Contact Name'), 'Kofi Mensah');
    await user.type(field('Emergency Contact Phone'), '020-111-2223');
    expect(field('Emergency Contact Phone').value).toBe('0201112223');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await findToast()).toEqual({ text: 'Profile Updated', destructive: false });
    expect(api.callsTo('PUT', '/api/auth/profile')[0]?.body).toEqual({
      firstName: 'Efua',
      lastName: 'Mensah',
      email: 'ama@example.com',
      phone: '0241234567',
      emergencyContactName: 'Kofi Mensah',
      emergencyContactPhone: '0201112223',
      profileImageUrl: null,
      // Not stated: "Prefer not to say".
      gender: null,
    });
    await user.click(screen.getByRole('button', { name: 'Open account menu' }));
    expect(within(screen.getByRole('dialog', { name: 'Account menu' })).getByText('Efua Mensah')).toBeTruthy();
  });

  it('lets the member state her gender, says it is shown to nobody and what it is for, and unstate it again', async () => {
    const { api, user } = openProfile(aUser());
    await screen.findByRole('heading', { name: 'My Profile' });
    const gender = () => screen.getByRole('combobox', { name: 'Gender (optional)' }) as HTMLSelectElement;
    expect(gender().selectedOptions[0]?.textContent).toBe('Prefer not to say');
    expect(screen.getByText('Shown to nobody. Only verified members whose profile says woman can post or book women-only rides.')).toBeTruthy();
    await user.selectOptions(gender(), 'Woman');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await findToast();
    expect(api.callsTo('PUT', '/api/auth/profile')[0]?.body).toMatchObject({ gender: 'woman' });
    // Saved: the screen shows the stated gender from the signed-in user.
    expect(gender().value).toBe('woman');

    await user.selectOptions(gender(), 'Prefer not to say');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/auth/profile')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/auth/profile')[1]?.body).toMatchObject({ gender: null });
  });

  it('shows the rules next to the fields and sends nothing while they are broken', async () => {
    const { api, user } = openProfile(aUser());
    await screen.findByRole('heading', { name: 'My Profile' });
    await user.clear(field('First Name'));
    await user.type(field('First Name'), 'E');
    await user.clear(field('Last Name'));
    await user.type(field('Emergency Contact Phone'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('First name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Last name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid 10-digit Ghana phone number starting with 0')).toBeTruthy();
    expect(field('First Name').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
  });

  it("says why a save failed: the server's message, else the spec's default", async () => {
    const first = openProfile(aUser(), { status: 400, body: { message: 'Name must be at most 60 characters' } });
    await screen.findByRole('heading', { name: 'My Profile' });
    await first.user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await findToast()).toEqual({ text: 'Update FailedName must be at most 60 characters', destructive: true });
    first.unmount();

    const second = openProfile(aUser(), { status: 500, body: '' });
    await screen.findByRole('heading', { name: 'My Profile' });
    await second.user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await findToast()).toEqual({ text: 'Update FailedFailed to update profile.', destructive: true });
  });

  it('asks for the other half of an emergency contact before sending it', async () => {
    const { api, user } = openProfile(aUser());
    await screen.findByRole('heading', { name: 'My Profile' });
    await user.type(field('Emergency Contact Name'), 'Kofi Mensah');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText("Please enter your emergency contact's phone number")).toBeTruthy();
    expect(field('Emergency Contact Phone').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
  });

  it('Cancel puts back what is saved', async () => {
    const { api, user } = openProfile(aUser({ emergencyContactName: 'Kofi Mensah' }));
    await screen.findByRole('heading', { name: 'My Profile' });
    await user.clear(field('First Name'));
    await user.type(field('First Name'), 'X');
    await user.clear(field('Emergency Contact Name'));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('First name must be at least 2 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field('First Name').value).toBe('Ama');
    expect(field('Emergency Contact Name').value).toBe('Kofi Mensah');
    expect(screen.queryByText('First name must be at least 2 characters')).toBeNull();
    expect(api.callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
  });
});

describe('verification status card', () => {
  const colours = { green: 'rgb(10, 122, 75)', orange: 'rgb(181, 71, 8)', red: 'rgb(180, 35, 24)', grey: 'rgb(85, 99, 91)' };
  const card = () => screen.getByRole('region', { name: 'Verification Status' });

  it.each([
    ['approved', 'green', 'Verified', 'Your account has been verified', null],
    ['pending', 'orange', 'Pending Approval', "Your verification is being reviewed. We'll notify you within 1-2 business days.", 'Update Verification'],
    ['rejected', 'red', 'Verification Failed', 'Your verification was declined. Please contact support or try again.', 'Retry Verification'],
    ['not_submitted', 'grey', 'Not Verified', 'Your account is not verified', 'Verify Now'],
  ] as const)('shows %s as %s "%s"', async (status, tone, label, text, action) => {
    openProfile(aUser({ verificationStatus: status, isVerified: status === 'approved' }));
    await screen.findByRole('heading', { name: 'My Profile' });
    expect(within(card()).getByText(label)).toBeTruthy();
    expect(within(card()).getByText(text)).toBeTruthy();
    expect(getComputedStyle(card()).borderColor).toBe(colours[tone]);
    const links = within(card()).queryAllByRole('link');
    if (action === null) {
      expect(links).toHaveLength(0);
    } else {
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([[action, '/verify-identity']]);
    }
  });

  it('shows no driver card to a user who never sent driver details', async () => {
    openProfile(aUser({ verificationStatus: 'approved', driverVerificationStatus: 'not_submitted' }));
    await screen.findByRole('heading', { name: 'My Profile' });
    expect(card()).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Driver Verification' })).toBeNull();
  });

  it.each([
    ['approved', 'green', 'Verified', 'You are verified as a driver', null],
    ['pending', 'orange', 'Pending Approval', "Your driver's licence is being reviewed. Review typically takes 2-3 business days.", 'Update Verification'],
    ['rejected', 'red', 'Verification Failed', 'Your driver verification was declined. Please contact support or try again.', 'Retry Verification'],
  ] as const)('shows driver verification %s as %s "%s" beside the identity card', async (status, tone, label, text, action) => {
    openProfile(aUser({ verificationStatus: 'approved', driverVerificationStatus: status }));
    await screen.findByRole('heading', { name: 'My Profile' });
    const driverCard = screen.getByRole('region', { name: 'Driver Verification' });
    expect(within(driverCard).getByText(label)).toBeTruthy();
    expect(within(driverCard).getByText(text)).toBeTruthy();
    expect(getComputedStyle(driverCard).borderColor).toBe(colours[tone]);
    const links = within(driverCard).queryAllByRole('link');
    if (action === null) expect(links).toHaveLength(0);
    else expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([[action, '/verify-identity-driver']]);
    // The identity card keeps its own status and its button to /verify-identity.
    expect(within(card()).getByText('Verified')).toBeTruthy();
  });

  it('reads not_submitted and any status it does not know as Not Verified, for both cards', () => {
    // The user schema admits only the four statuses; a newer server's status must still read safely.
    for (const status of ['not_submitted', 'on_hold']) {
      expect(verificationDisplay(status)).toMatchObject({ tone: 'grey', label: 'Not Verified', text: 'Your account is not verified', action: 'Verify Now' });
      expect(verificationDisplay(status, 'driver')).toMatchObject({
        tone: 'grey',
        label: 'Not Verified',
        text: 'Your driver details are not verified',
        action: 'Verify Now',
      });
    }
  });

  it('takes the user to /verify-identity', async () => {
    const { user, router } = openProfile(aUser({ verificationStatus: 'rejected' }));
    await user.click(await screen.findByRole('link', { name: 'Retry Verification' }));
    expect(await screen.findByRole('heading', { name: 'Verify your identity' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify-identity');
  });
});

describe('links from the profile', () => {
  it('lead only to screens that exist: Verify Now once its screen is declared, the side menu shows what is built', async () => {
    // The app's screens as the shell declares them; the account remote now serves /verify-identity.
    const declared = [...accountManifest.paths, '/dashboard', '/post-ride'];
    declareScreens(declared);
    try {
      const { user } = openProfile(aUser({ verificationStatus: 'not_submitted' }));
      expect(await screen.findByText('Your account is not verified')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Verify Now' }).getAttribute('href')).toBe('/verify-identity');
      await user.click(screen.getByRole('button', { name: 'Open account menu' }));
      const hrefs = [...document.querySelectorAll('a[href]')].map((link) => link.getAttribute('href') ?? '');
      expect(hrefs.length).toBeGreaterThan(3);
      expect(hrefs.filter((href) => !declared.some((pattern) => matchPath(pattern, href)))).toEqual([]);
    } finally {
      declareScreens(undefined);
    }
  });
});

describe('profile photo', () => {
  beforeEach(() => FakeXhr.install());

  const photo = (name = 'me.jpg', type = 'image/jpeg', bytes = 2048) => new File([new Uint8Array(bytes)], name, { type });
  const choose = async (file: File) => {
    const input = (await screen.findByLabelText(/Upload Photo|Change Photo/)) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
  };

  it('refuses a file that is not an image, before sending anything', async () => {
    openProfile(aUser());
    await choose(photo('notes.pdf', 'application/pdf'));
    expect(await findToast()).toEqual({ text: 'Invalid ImagePlease select an image file', destructive: true });
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses an image over 5MB, before sending anything', async () => {
    openProfile(aUser());
    await choose(photo('big.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(await findToast()).toEqual({ text: 'Invalid ImageImage must be smaller than 5MB', destructive: true });
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads with progress, saves the new photo on the profile and shows it at once', async () => {
    const { api, container } = openProfile(aUser({ profileImageUrl: '/api/uploads/OldPhotoId0000000001' }));
    const file = photo();
    await choose(file);

    const upload = await FakeXhr.next();
    expect([upload.method, upload.url]).toEqual(['POST', '/api/upload']);
    expect(upload.body?.get('image')).toBe(file);
    expect(upload.body?.get('type')).toBe('profile');
    expect(upload.body?.get('userId')).toBe(aUser().id);

    upload.progress(0, 2048);
    upload.progress(1024, 2048);
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('Uploading... 50%')).toBeTruthy();

    upload.respond(201, { url: '/api/uploads/NewPhotoId0000000002', publicId: 'NewPhotoId0000000002' });
    expect(await findToast()).toEqual({ text: 'Profile Image Updated', destructive: false });
    expect(api.callsTo('PUT', '/api/auth/profile')[0]?.body).toMatchObject({
      firstName: 'Ama',
      lastName: 'Mensah',
      profileImageUrl: '/api/uploads/NewPhotoId0000000002',
    });
    await waitFor(() => expect(container.querySelectorAll('img[src="/api/uploads/NewPhotoId0000000002"]').length).toBeGreaterThan(0));
    expect(container.querySelector('img[src="/api/uploads/OldPhotoId0000000001"]')).toBeNull();
    // The server deletes the photo it replaced; the screen asks for no deletion of its own.
    expect(api.callsTo('DELETE', '/api/upload')).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('titles a file the server finds is not an image (or too big) "Invalid Image", as the spec does', async () => {
    // Named and typed as a photo, but its bytes are not one: only the server can tell.
    const first = openProfile(aUser());
    await choose(photo('disguised.jpg'));
    (await FakeXhr.next()).respond(400, { message: 'Please select an image file' });
    expect(await findToast()).toEqual({ text: 'Invalid ImagePlease select an image file', destructive: true });
    expect(first.api.callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
    first.unmount();

    FakeXhr.install();
    openProfile(aUser());
    await choose(photo());
    (await FakeXhr.next()).respond(413, { message: 'Image must be smaller than 5MB' });
    expect(await findToast()).toEqual({ text: 'Invalid ImageImage must be smaller than 5MB', destructive: true });
  });

  it("reports a refused upload that is not about the file as \"Upload Failed\" with the server's message", async () => {
    const { api } = openProfile(aUser());
    await choose(photo());
    (await FakeXhr.next()).respond(429, { message: 'You have uploaded too many images today. Please try again tomorrow.' });
    expect(await findToast()).toEqual({
      text: 'Upload FailedYou have uploaded too many images today. Please try again tomorrow.',
      destructive: true,
    });
    expect(api.callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
  });

  it('reports a dropped connection and an answer it cannot read', async () => {
    const first = openProfile(aUser());
    await choose(photo());
    (await FakeXhr.next()).failNetwork();
    expect(await findToast()).toEqual({ text: 'Upload FailedNetwork error', destructive: true });
    first.unmount();

    FakeXhr.install();
    openProfile(aUser());
    await choose(photo());
    (await FakeXhr.next()).respond(200, '<html>proxy page</html>');
    expect(await findToast()).toEqual({ text: 'Upload FailedInvalid response format', destructive: true });
  });

  it('deletes the fresh upload when the profile cannot be saved with it', async () => {
    const { api } = openProfile(aUser(), { status: 500, body: '' });
    await choose(photo());
    (await FakeXhr.next()).respond(201, { url: '/api/uploads/OrphanId000000000003', publicId: 'OrphanId000000000003' });
    expect(await findToast()).toEqual({ text: 'Update FailedFailed to update profile.', destructive: true });
    await waitFor(() => expect(api.callsTo('DELETE', '/api/upload')[0]?.body).toEqual({ publicId: 'OrphanId000000000003' }));
  });
});
