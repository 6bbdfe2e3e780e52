import { verificationTexts } from '@krom/contracts/http/verification';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { preloadRoutes } from '@krom/ui-kit/testing/preload-routes.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser } from '@krom/ui-kit/testing/signed-in-api.ts';
import { dayMonthYearOf } from '@krom/ui-kit/day-month-year-field.tsx';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aSubmission, aVerification, photo, sentForm, stubCamera, stubObjectUrls, verificationApi, yearsFromToday } from './verification-api.ts';

// The screens load lazily, as in the browser; compiling them once up front keeps that cost out
// of the first test's time limit on a busy machine.
beforeAll(async () => {
  await import('../components/identity-verification-page.tsx');
  await import('../components/camera-capture.tsx');
  await preloadRoutes(routes, ['/profile']);
});

beforeEach(() => stubObjectUrls());
afterEach(() => vi.restoreAllMocks());

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: 'Submit for Verification' });

function openPage(options: { verification?: ReturnType<typeof aVerification>; submit?: Parameters<typeof verificationApi>[2] } = {}) {
  const api = verificationApi(aUser(), options.verification ?? aVerification(), options.submit);
  const view = renderRoutes(routes, '/verify-identity');
  return { api, ...view };
}

async function fillValidForm(user: ReturnType<typeof openPage>['user']) {
  await screen.findByRole('form', { name: 'Identity verification' });
  await user.type(field('Full Name'), 'Ama Mensah');
  await user.type(field('Ghana Card Number'), 'gha-123456789-0');
  fireEvent.change(field('Expiry Date'), { target: { value: dayMonthYearOf(yearsFromToday(3)) } });
}

describe('/verify-identity', () => {
  it('shows the form in the signed-in frame, with the card format as placeholder and the review note', async () => {
    openPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' })).toBeTruthy();
    await screen.findByRole('form', { name: 'Identity verification' });
    expect(screen.getByRole('button', { name: 'Open account menu' })).toBeTruthy();
    expect(field('Ghana Card Number').placeholder).toBe('GHA-123456789-0');
    // Typed day first, as Ghana writes dates (a native date input read mm/dd/yyyy).
    expect(field('Expiry Date').getAttribute('placeholder')).toBe('dd/mm/yyyy');
    expect(field('Expiry Date').getAttribute('inputmode')).toBe('numeric');
    expect(field('Ghana Card Photo').accept).toBe('image/jpeg,image/png,image/webp,image/gif');
    expect(field('Selfie').accept).toBe('image/jpeg,image/png,image/webp,image/gif');
    expect(screen.getByText(verificationTexts.passengerReviewNote)).toBeTruthy();
  });

  it('shows each rule under its field and sends nothing while one is broken', async () => {
    const { api, user } = openPage();
    await screen.findByRole('form', { name: 'Identity verification' });
    await user.click(submitButton());
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Ghana card number is required')).toBeTruthy();
    expect(screen.getByText('Expiry date is required')).toBeTruthy();
    expect(field('Ghana Card Number').getAttribute('aria-invalid')).toBe('true');

    await user.type(field('Full Name'), 'A');
    await user.type(field('Ghana Card Number'), 'GHA-12345');
    fireEvent.change(field('Expiry Date'), { target: { value: dayMonthYearOf(yearsFromToday(-1)) } });
    await user.click(submitButton());
    expect(await screen.findByText('Invalid card number format')).toBeTruthy();
    expect(screen.getByText('Expiry date must be in the future')).toBeTruthy();
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/verify-identity')).toHaveLength(0);
  });

  it('accepts a card number typed in lower case and sends the details and the card photo as multipart', async () => {
    let answer: (reply: { status: number; body?: unknown }) => void = () => {};
    const { api, user } = openPage({ submit: () => new Promise((resolve) => (answer = resolve)) });
    await fillValidForm(user);
    expect(field('Ghana Card Number').value).toBe('GHA-123456789-0');
    const card = photo('ghana-card.png', 'image/png');
    fireEvent.change(field('Ghana Card Photo'), { target: { files: [card] } });
    expect(await screen.findByText('Ghana card uploaded - Tap to change')).toBeTruthy();
    expect((screen.getByAltText('Ghana Card Photo preview') as HTMLImageElement).src).toMatch(/^blob:/);

    await user.click(submitButton());
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);

    const form = sentForm('/api/auth/verify-identity');
    expect(form.get('fullName')).toBe('Ama Mensah');
    expect(form.get('cardNumber')).toBe('GHA-123456789-0');
    expect(form.get('expiryDate')).toBe(yearsFromToday(3));
    expect((form.get('cardPhoto') as File).name).toBe('ghana-card.png');
    expect((form.get('cardPhoto') as File).type).toBe('image/png');
    expect(form.has('selfiePhoto')).toBe(false);
    expect([...form.keys()].sort()).toEqual(['cardNumber', 'cardPhoto', 'expiryDate', 'fullName']);
    expect(api.callsTo('POST', '/api/auth/verify-identity')[0]?.credentials).toBe('include');

    answer({ status: 201, body: { id: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d', kind: 'identity', status: 'pending', submittedAt: '2026-11-04T09:00:00.000Z' } });
    const dialog = await screen.findByRole('dialog', { name: 'ID successfully submitted for verification' });
    expect(within(dialog).getByText(verificationTexts.passengerReviewNote)).toBeTruthy();
  });

  it('after success, Continue to Profile opens the profile, whose card now reads Pending Approval', async () => {
    const { api, user, router } = openPage();
    await fillValidForm(user);
    await user.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: 'ID successfully submitted for verification' });
    // The signed-in user is read again behind the dialog.
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/user').length).toBeGreaterThan(1));
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Profile' }));

    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    const card = screen.getByRole('region', { name: 'Verification Status' });
    expect(within(card).getByText('Pending Approval')).toBeTruthy();
  });

  it("says why a submission failed: the server's message, else the spec's default", async () => {
    const first = openPage({ submit: () => ({ status: 409, body: { message: 'Your identity is already verified.' } }) });
    await fillValidForm(first.user);
    await first.user.click(submitButton());
    expect(await findToast()).toEqual({ text: 'Verification FailedYour identity is already verified.', destructive: true });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit for Verification' })).toBeTruthy();
    first.unmount();

    const second = openPage({ submit: () => ({ status: 500, body: '' }) });
    await fillValidForm(second.user);
    await second.user.click(submitButton());
    expect(await findToast()).toEqual({ text: 'Verification FailedFailed to submit verification. Please try again.', destructive: true });
  });

  it('refuses a card photo that is not an image, or over 5MB, before anything is sent', async () => {
    openPage();
    await screen.findByRole('form', { name: 'Identity verification' });
    fireEvent.change(field('Ghana Card Photo'), { target: { files: [photo('card.pdf', 'application/pdf')] } });
    expect(await findToast()).toEqual({ text: 'Invalid ImagePlease select an image file', destructive: true });
    fireEvent.change(field('Ghana Card Photo'), { target: { files: [photo('card.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1)] } });
    await waitFor(async () => expect(await findToast()).toEqual({ text: 'Invalid ImageImage must be smaller than 5MB', destructive: true }));
    expect(screen.queryByText('Ghana card uploaded - Tap to change')).toBeNull();
  });

  it('shows the reason staff gave when the last submission was declined', async () => {
    openPage({ verification: aVerification({ verificationStatus: 'rejected', identity: aSubmission('identity', 'rejected', 'The card photo is blurred.') }) });
    expect(await screen.findByText('Your last submission was declined: The card photo is blurred.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Identity verification' })).toBeTruthy();
  });

  it('says a waiting submission is being reviewed and that sending again replaces it', async () => {
    openPage({ verification: aVerification({ verificationStatus: 'pending', identity: aSubmission('identity', 'pending') }) });
    expect(await screen.findByText(/Your details are being reviewed\./)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Identity verification' })).toBeTruthy();
  });

  it('says so instead of the form when the identity is already verified', async () => {
    openPage({ verification: aVerification({ verificationStatus: 'approved', identity: aSubmission('identity', 'approved') }) });
    expect(await screen.findByText('Your identity is already verified.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});

describe('selfie', () => {
  let camera: ReturnType<typeof stubCamera>;
  beforeEach(() => {
    camera = stubCamera();
  });
  afterEach(() => camera.remove());

  const video = () => screen.getByLabelText('Camera preview') as HTMLVideoElement;

  it('opens the camera: Loading camera... and Capture disabled until the stream plays', async () => {
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Take Selfie' }));
    expect(screen.getByText('Loading camera...')).toBeTruthy();
    const capture = await screen.findByRole('button', { name: 'Capture' });
    expect((capture as HTMLButtonElement).disabled).toBe(true);
    // The camera is asked for by an effect after that render (its own async step): wait for the ask.
    await waitFor(() =>
      expect(camera.getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: expect.objectContaining({ facingMode: 'user' }), audio: false })),
    );

    await camera.grant();
    // The stream is attached, but not yet playing.
    await waitFor(() => expect(video().srcObject).toBeTruthy());
    expect(screen.getByText('Loading camera...')).toBeTruthy();
    expect((capture as HTMLButtonElement).disabled).toBe(true);

    fireEvent.playing(video());
    await waitFor(() => expect((capture as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText('Loading camera...')).toBeNull();
  });

  it('captures a preview, says Selfie Captured!, releases the camera and sends selfie.jpg', async () => {
    const { user } = openPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Take Selfie' }));
    await camera.grant();
    await screen.findByRole('button', { name: 'Capture' });
    fireEvent.playing(video());
    await user.click(screen.getByRole('button', { name: 'Capture' }));

    expect(await findToast()).toEqual({ text: 'Selfie Captured!', destructive: false });
    expect((screen.getByAltText('Selfie preview') as HTMLImageElement).src).toMatch(/^blob:/);
    expect(screen.getByRole('button', { name: /Tap to retake/ })).toBeTruthy();
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    expect(camera.track.stop).toHaveBeenCalled();

    await user.click(submitButton());
    await screen.findByRole('dialog', { name: 'ID successfully submitted for verification' });
    const selfie = sentForm('/api/auth/verify-identity').get('selfiePhoto') as File;
    expect(selfie.name).toBe('selfie.jpg');
    expect(selfie.type).toBe('image/jpeg');
  });

  it('Tap to retake opens the camera again', async () => {
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Take Selfie' }));
    await camera.grant();
    await screen.findByRole('button', { name: 'Capture' });
    fireEvent.playing(video());
    await user.click(screen.getByRole('button', { name: 'Capture' }));
    await user.click(await screen.findByRole('button', { name: /Tap to retake/ }));
    expect(await screen.findByRole('button', { name: 'Capture' })).toBeTruthy();
    await waitFor(() => expect(camera.getUserMedia).toHaveBeenCalledTimes(2));
  });

  it('Cancel stops the camera and goes back to the choices', async () => {
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Take Selfie' }));
    await camera.grant();
    await waitFor(() => expect(video().srcObject).toBeTruthy());
    fireEvent.playing(video());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(camera.track.stop).toHaveBeenCalled();
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    expect(screen.getByRole('button', { name: 'Take Selfie' })).toBeTruthy();
    expect(screen.queryByAltText('Selfie preview')).toBeNull();
  });

  it('says Camera Error when camera access is refused', async () => {
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Take Selfie' }));
    await camera.deny();
    expect(await findToast()).toEqual({ text: 'Camera ErrorPlease allow camera access to take a selfie.', destructive: true });
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    expect(screen.getByRole('button', { name: 'Take Selfie' })).toBeTruthy();
  });

  it('may instead be chosen from the phone, and is sent as chosen', async () => {
    const { user } = openPage();
    await fillValidForm(user);
    fireEvent.change(field('Selfie'), { target: { files: [photo('me.png', 'image/png')] } });
    expect(await screen.findByAltText('Selfie preview')).toBeTruthy();
    await user.click(submitButton());
    await screen.findByRole('dialog');
    expect((sentForm('/api/auth/verify-identity').get('selfiePhoto') as File).name).toBe('me.png');
    expect(camera.getUserMedia).not.toHaveBeenCalled();
  });
});
