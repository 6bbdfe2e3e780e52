import type { PostingRights } from '@krom/contracts/http/rides';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { mockApi } from '@krom/ui-kit/testing/mock-api.ts';
import { preloadRoutes } from '@krom/ui-kit/testing/preload-routes.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { canPost, corolla, elsewhere, seedDraft, wizardApi } from './wizard-api.tsx';

// The screens load lazily, as in the browser; compiling them once up front keeps that cost out
// of the first test's time limit on a busy machine.
beforeAll(async () => {
  await import('../components/route-step-page.tsx');
  await import('../components/review-step-page.tsx');
  await preloadRoutes(routes, ['/add-vehicle']);
});

beforeEach(() => sessionStorage.clear());

const rights = (overrides: Partial<PostingRights>): PostingRights => ({
  canPost: false,
  nextStep: 'verify_identity',
  identityStatus: 'not_submitted',
  driverStatus: 'not_submitted',
  vehicleCount: 0,
  ...overrides,
});

function openGate(answer: PostingRights, path = '/create-ride') {
  const api = wizardApi({ 'GET /api/rides/posting-rights': { status: 200, body: answer } });
  return { api, ...renderRoutes([...elsewhere, ...routes], path) };
}

const gate = () => screen.findByRole('region', { name: 'Before you post a ride' });
/** A step of the gate's list, by its title. */
const stepByTitle = (title: string) => screen.getAllByRole('listitem').find((item) => within(item).queryByRole('heading', { name: title })) as HTMLElement;
/** The links the gate's steps offer (the frame's own links are outside the list). */
const offered = () => screen.getAllByRole('link').filter((link) => link.closest('ol'));


// Today is 2030-01-15 here (only the date is faked): the 2030 rides are within the 12 months ahead a departure may be.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-15T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());
describe('posting-rights gate on /create-ride', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { router } = renderRoutes([...elsewhere, ...routes], '/create-ride');
    expect(await screen.findByRole('heading', { name: 'Screen /login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the wizard to a user who may post', async () => {
    const { api } = openGate(canPost);
    expect(await screen.findByRole('form', { name: 'Your Route' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Before you post a ride' })).toBeNull();
    expect(api.callsTo('GET', '/api/rides/posting-rights')).toHaveLength(1);
  });

  it('leads a new user to identity verification first, and to nothing else yet', async () => {
    openGate(rights({}));
    await gate();
    expect(screen.queryByRole('form', { name: 'Your Route' })).toBeNull();
    expect(screen.getByText('Verify your identity before posting a ride.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Verify your identity',
      'Complete driver verification',
      'Add your vehicle',
    ]);
    expect(offered().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Verify Identity', '/verify-identity']]);
    expect(stepByTitle('Verify your identity').getAttribute('aria-current')).toBe('step');
  });

  it('says an identity check is pending and offers driver verification meanwhile', async () => {
    openGate(rights({ identityStatus: 'pending' }));
    await gate();
    expect(within(stepByTitle('Verify your identity')).getByText('Submitted and pending review. You can post rides once it is approved.')).toBeTruthy();
    expect(offered().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Verify as a Driver', '/driver-verification']]);
  });

  it('asks for identity again when it was declined', async () => {
    openGate(rights({ identityStatus: 'rejected' }));
    await gate();
    expect(within(stepByTitle('Verify your identity')).getByText('Your last submission was declined. Please submit it again.')).toBeTruthy();
    expect(offered().map((link) => link.getAttribute('href'))).toEqual(['/verify-identity']);
  });

  it('leads to driver verification once the identity is approved', async () => {
    openGate(rights({ nextStep: 'verify_driver', identityStatus: 'approved', driverStatus: 'rejected' }));
    await gate();
    expect(screen.getByText('Complete driver verification before posting a ride.')).toBeTruthy();
    expect(within(stepByTitle('Verify your identity')).getByText('Done')).toBeTruthy();
    expect(within(stepByTitle('Complete driver verification')).getByText('Your last submission was declined. Please submit it again.')).toBeTruthy();
    expect(offered().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Verify as a Driver', '/driver-verification']]);
  });

  it('says a driver check is pending, and offers adding the vehicle meanwhile', async () => {
    openGate(rights({ nextStep: 'verify_driver', identityStatus: 'approved', driverStatus: 'pending' }));
    await gate();
    expect(within(stepByTitle('Complete driver verification')).getByText(/pending review/)).toBeTruthy();
    expect(offered().map((link) => link.getAttribute('href'))).toEqual(['/add-vehicle?next=/create-ride']);
  });

  it('leads to adding a vehicle last, and back into the wizard once it is added', async () => {
    let current = rights({ nextStep: 'add_vehicle', identityStatus: 'approved', driverStatus: 'approved' });
    const api = wizardApi({
      'GET /api/rides/posting-rights': () => ({ status: 200, body: current }),
      'POST /api/vehicles': () => {
        current = canPost;
        return { status: 201, body: corolla };
      },
    });
    const { user, router } = renderRoutes([...elsewhere, ...routes], '/create-ride');
    await gate();
    expect(screen.getByText('Add a vehicle before posting a ride.')).toBeTruthy();
    expect(within(stepByTitle('Add your vehicle')).getByText('No vehicle added yet')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Add a Vehicle' }));

    await screen.findByRole('form', { name: 'Add a Vehicle' });
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    await user.type(screen.getByLabelText('Model'), 'Corolla');
    await user.selectOptions(screen.getByLabelText('Colour'), 'Silver');
    await user.type(screen.getByLabelText('Licence Plate'), 'GR-1234-20');
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));

    expect((await findToast()).text).toContain('Vehicle Added Successfully');
    expect(await screen.findByRole('form', { name: 'Your Route' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create-ride');
    expect(api.callsTo('GET', '/api/rides/posting-rights')).toHaveLength(2);
  });

  it('guards the later steps too', async () => {
    seedDraft({ route: {}, dateTime: { date: '2030-03-15', time: '07:30' } });
    openGate(rights({}), '/create-ride-review');
    await gate();
    expect(screen.queryByRole('button', { name: 'Post Ride' })).toBeNull();
  });

  it('offers to try again when the check fails', async () => {
    wizardApi({ 'GET /api/rides/posting-rights': { status: 500, body: { message: 'Down' } } });
    const { user } = renderRoutes([...elsewhere, ...routes], '/create-ride');
    expect((await screen.findByRole('alert')).textContent).toBe('We could not check whether you can post a ride.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
  });
});
