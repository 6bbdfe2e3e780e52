import { licenseClasses, verificationTexts } from '@krom/contracts/http/verification';
import { findToast } from '@krom/ui-kit/testing/find-toast.ts';
import { renderRoutes } from '@krom/ui-kit/testing/render-routes.tsx';
import { aUser } from '@krom/ui-kit/testing/signed-in-api.ts';
import { dayMonthYearOf } from '@krom/ui-kit/day-month-year-field.tsx';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes.tsx';
import { aSubmission, aVerification, photo, sentForm, stubObjectUrls, verificationApi, yearsFromToday } from './verification-api.ts';

beforeAll(() => import('../components/driver-verification-page.tsx'), 30_000);
beforeEach(() => stubObjectUrls());
afterEach(() => vi.restoreAllMocks());

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: 'Submit for Verification' });
const identitySent = aVerification({ verificationStatus: 'pending', identity: aSubmission('identity', 'pending') });

function openPage(path = '/verify-identity-driver', verification = identitySent, submit?: Parameters<typeof verificationApi>[2]) {
  const api = verificationApi(aUser({ verificationStatus: verification.verificationStatus }), verification, submit);
  return { api, ...renderRoutes(routes, path) };
}

async function fillValidForm(user: ReturnType<typeof openPage>['user']) {
  await screen.findByRole('form', { name: 'Driver verification' });
  await user.clear(field('Ghana Card Number'));
  await user.type(field('Ghana Card Number'), 'gha-987654321-5');
  await user.clear(field('Full Name'));
  await user.type(field('Full Name'), 'Kwame Asante');
  fireEvent.change(field('Date of Birth'), { target: { value: dayMonthYearOf('1990-05-01') } });
  await user.type(field('Licence Number'), 'dl-123456');
  await user.selectOptions(field('Licence Class'), 'B');
  fireEvent.change(field('Licence Expiry Date'), { target: { value: dayMonthYearOf(yearsFromToday(2)) } });
}

describe('/verify-identity-driver', () => {
  it.each(['/verify-identity-driver', '/driver-verification'])('%s shows the Ghana card and licence sections and the review note', async (path) => {
    openPage(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Driver Verification' })).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Driver verification' });
    expect(within(form).getByRole('group', { name: 'Ghana Card' })).toBeTruthy();
    expect(within(form).getByRole('group', { name: "Driver's Licence" })).toBeTruthy();
    expect(screen.getByText(verificationTexts.driverReviewNote)).toBeTruthy();
    const options = [...(field('Licence Class') as unknown as HTMLSelectElement).options].map((option) => option.value).filter(Boolean);
    expect(options).toEqual(licenseClasses.map((option) => option.value));
    for (const label of ['Ghana card (front)', 'Ghana card (back)', "Driver's licence (front)", "Driver's licence (back)"]) {
      expect(field(label).accept).toBe('image/jpeg,image/png,image/webp,image/gif');
    }
  });

  it.each([
    ['has not sent', aVerification()],
    ['was declined for', aVerification({ verificationStatus: 'rejected', identity: aSubmission('identity', 'rejected', 'Blurred') })],
  ])('sends a user who %s the Ghana card to /verify-identity first, without the form', async (_case, verification) => {
    const { user, router, api } = openPage('/verify-identity-driver', verification);
    expect(await screen.findByText('Please verify your identity before your driver details.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Verify Identity' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verify-identity');
    expect(api.callsTo('POST', '/api/auth/verify-driver-identity')).toHaveLength(0);
  });

  it('starts from the card number and name the identity form gave', async () => {
    openPage();
    await screen.findByRole('form', { name: 'Driver verification' });
    expect(field('Ghana Card Number').value).toBe('GHA-123456789-0');
    expect(field('Full Name').value).toBe('Ama Serwaa Mensah');
  });

  it('shows each rule under its field and sends nothing while one is broken', async () => {
    const { api, user } = openPage();
    await screen.findByRole('form', { name: 'Driver verification' });
    await user.clear(field('Ghana Card Number'));
    await user.clear(field('Full Name'));
    await user.click(submitButton());
    expect(await screen.findByText('Ghana card number is required')).toBeTruthy();
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Date of birth is required')).toBeTruthy();
    expect(screen.getByText("Driver's license number is required")).toBeTruthy();
    expect(screen.getByText('License class is required')).toBeTruthy();
    expect(screen.getByText('License expiry date is required')).toBeTruthy();

    await user.type(field('Ghana Card Number'), '12345678');
    fireEvent.change(field('Date of Birth'), { target: { value: dayMonthYearOf(yearsFromToday(-10)) } });
    await user.type(field('Licence Number'), 'DL1');
    fireEvent.change(field('Licence Expiry Date'), { target: { value: dayMonthYearOf(yearsFromToday(-1)) } });
    await user.click(submitButton());
    expect(await screen.findByText('Invalid card number format')).toBeTruthy();
    expect(screen.getByText('You must be at least 18 years old to drive on Krom')).toBeTruthy();
    expect(screen.getByText("Driver's license number is required")).toBeTruthy();
    expect(screen.getByText('License expiry date must be in the future')).toBeTruthy();

    fireEvent.change(field('Date of Birth'), { target: { value: dayMonthYearOf(yearsFromToday(1)) } });
    await user.clear(field('Licence Number'));
    await user.type(field('Licence Number'), 'DL 12345');
    await user.click(submitButton());
    expect(await screen.findByText('Date of birth must be in the past')).toBeTruthy();
    expect(screen.getByText("Invalid driver's license number")).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/verify-driver-identity')).toHaveLength(0);
  });

  it('sends the details and the four photos as multipart, then the success dialog leads to the profile', async () => {
    const { user, router } = openPage();
    await fillValidForm(user);
    const files = {
      'Ghana card (front)': photo('card-front.jpg'),
      'Ghana card (back)': photo('card-back.jpg'),
      "Driver's licence (front)": photo('licence-front.jpg'),
      "Driver's licence (back)": photo('licence-back.jpg'),
    };
    for (const [label, file] of Object.entries(files)) fireEvent.change(field(label), { target: { files: [file] } });
    expect(await screen.findByText('Ghana card (front) uploaded - Tap to change')).toBeTruthy();
    await user.click(submitButton());

    const dialog = await screen.findByRole('dialog', { name: 'ID successfully submitted for verification' });
    expect(within(dialog).getByText('Review typically takes 2-3 business days.')).toBeTruthy();
    const form = sentForm('/api/auth/verify-driver-identity');
    expect(Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name]))).toEqual({
      cardNumber: 'GHA-987654321-5',
      fullName: 'Kwame Asante',
      dateOfBirth: '1990-05-01',
      licenseNumber: 'DL-123456',
      licenseClass: 'B',
      licenseExpiryDate: yearsFromToday(2),
      ghanaCardFrontPhoto: 'card-front.jpg',
      ghanaCardBackPhoto: 'card-back.jpg',
      licenseFrontPhoto: 'licence-front.jpg',
      licenseBackPhoto: 'licence-back.jpg',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Continue to Profile' }));
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    const card = screen.getByRole('region', { name: 'Driver Verification' });
    expect(within(card).getByText('Pending Approval')).toBeTruthy();
  });

  it('shows the reason staff gave when the last driver submission was declined', async () => {
    openPage('/verify-identity-driver', {
      ...identitySent,
      driverVerificationStatus: 'rejected',
      driver: aSubmission('driver', 'rejected', 'The licence has expired.'),
    });
    expect(await screen.findByText('Your last submission was declined: The licence has expired.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Driver verification' })).toBeTruthy();
  });

  it("says why a submission failed: the server's message, else the spec's default", async () => {
    const first = openPage('/verify-identity-driver', identitySent, () => ({
      status: 409,
      body: { message: 'Please verify your identity before your driver details.' },
    }));
    await fillValidForm(first.user);
    await first.user.click(submitButton());
    expect(await findToast()).toEqual({ text: 'Verification FailedPlease verify your identity before your driver details.', destructive: true });
    first.unmount();

    const second = openPage('/verify-identity-driver', identitySent, () => ({ status: 502, body: '<html>Bad gateway</html>' }));
    await fillValidForm(second.user);
    await second.user.click(submitButton());
    expect(await findToast()).toEqual({ text: 'Verification FailedFailed to submit verification. Please try again.', destructive: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
