import { expect, type Page, test } from '@playwright/test';
import { type Account, emailCode, emailCount, signUpThroughApi, smsCode, smsCount } from './support/accounts.ts';
import { e2eResendSeconds, uniqueVisitor } from './support/e2e-env.ts';

/** The four code boxes of the sign-up and reset screens. */
const codeBoxes = (page: Page) => page.getByRole('textbox', { name: /^Digit \d of 4$/ });

/** Types a code box by box, as a person would; the screen submits by itself at the fourth digit. */
async function typeCode(page: Page, code: string) {
  const boxes = codeBoxes(page);
  await expect(boxes).toHaveCount(4);
  await boxes.first().click();
  await page.keyboard.type(code);
}

/** Pastes text into the first code box the way a browser delivers a paste. */
async function pasteIntoFirstBox(page: Page, text: string) {
  await codeBoxes(page)
    .first()
    .evaluate((box, pasted) => {
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
}

/** The toast on screen with this title (one is shown at a time; destructive ones are alerts). */
const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Notifications (F8)' })
    .locator('li')
    .filter({ has: page.getByText(title, { exact: true }) });

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The login screen a signed-out visitor is sent to from `path`, which brings them back there. */
const loginComingBackTo = (path: string) => new RegExp(`/login\\?next=${encodeURIComponent(path)}$`);

const avatarButton = (page: Page) => page.getByRole('button', { name: 'Open account menu' });

const wrongCodeFor = (code: string) => (code === '0000' ? '1111' : '0000');

const RESEND_SECONDS = e2eResendSeconds;
/** How the code screens show a wait: 5 → "00:05". */
const countdown = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

test('a new user signs up with a texted code, chooses a role and lands on the dashboard', async ({ page }) => {
  const visitor = uniqueVisitor('Signup');
  const password = 'Akwaaba-2026';
  const before = smsCount(visitor.phone);
  // The page's clock stands still (its timers still run), so its countdown moves only when the
  // test moves it, however slow the machine.
  const pageTime = Date.now();
  await page.clock.setFixedTime(pageTime);
  let cooldownOver = 0;

  await test.step('the sign-up form sends a code and opens the code screen', async () => {
    await page.goto('/create-account');
    await page.getByLabel('First Name').fill(visitor.first);
    await page.getByLabel('Last Name').fill(visitor.last);
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Phone Number').pressSequentially(visitor.phone);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/phone-verification$/);
    // The service counts its cooldown from the code it sent before answering, so from before now.
    cooldownOver = Date.now() + RESEND_SECONDS * 1000;
    await expect(toast(page, 'Verification Code Sent')).toBeVisible();
    await expect(page.getByText(`Enter the 4-digit code we sent to`)).toBeVisible();
    await expect(codeBoxes(page).first()).toBeFocused();
    await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
    // Send Again waits for the countdown of PHONE_CODE_RESEND_SECONDS.
    await expect(page.getByRole('timer')).toHaveText(countdown(RESEND_SECONDS));
    await expect(page.getByRole('button', { name: 'Send Again' })).toBeDisabled();
  });

  const firstCode = await smsCode(visitor.phone, before);

  await test.step('a wrong code, typed digit by digit, is submitted by itself and refused', async () => {
    await typeCode(page, wrongCodeFor(firstCode));
    await expect(toast(page, 'Verification Failed')).toBeVisible();
    await expect(page).toHaveURL(/\/phone-verification$/);
    await expect(codeBoxes(page).first()).toHaveValue('');
  });

  await test.step('Send Again waits for the countdown, then texts a new code', async () => {
    const sendAgain = page.getByRole('button', { name: 'Send Again' });
    const timer = page.getByRole('timer');
    // The service's cooldown runs on the real clock: the test waits until it is surely over.
    await expect.poll(() => Date.now(), { timeout: (RESEND_SECONDS + 5) * 1000 }).toBeGreaterThanOrEqual(cooldownOver);
    // The page has seen no time pass, so it still counts down.
    await expect(sendAgain).toBeDisabled();
    await page.clock.setFixedTime(pageTime + RESEND_SECONDS * 1000);
    await expect(timer).toHaveText('00:00');
    await expect(sendAgain).toBeEnabled();
    const sent = smsCount(visitor.phone);
    await sendAgain.click();
    await expect(toast(page, 'Code Sent')).toBeVisible();
    await expect(timer).toHaveText(countdown(RESEND_SECONDS));
    await expect(sendAgain).toBeDisabled();
    // Time flows again in the page for the rest of the test.
    await page.clock.setSystemTime(Date.now());
    const fresh = await smsCode(visitor.phone, sent);
    expect(smsCount(visitor.phone)).toBe(sent + 1);

    // A paste is stripped to its digits and fills all four boxes, which submits the code.
    await pasteIntoFirstBox(page, ` ${fresh.slice(0, 2)}-${fresh.slice(2)} `);
  });

  await test.step('the account is created and the role choice follows', async () => {
    await expect(toast(page, 'Account Created Successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { name: "Let's get started" })).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await page.getByRole('radio', { name: /I want to be a passenger/ }).check();
    await next.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${visitor.first}!` })).toBeVisible();
    // The bell already counts the welcome notice.
    await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  });

  await test.step('a signed-in user visiting / is taken to the dashboard', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('the new account signs in with the password it was created with', async () => {
    await page.context().clearCookies();
    await signIn(page, visitor.email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('sign-in, the signed-in frame, sign-out, and pages that need a signed-in user', async ({ page }) => {
  const account = await signUpThroughApi(page, 'Signin');
  await page.context().clearCookies();

  await test.step('guarded pages send a signed-out visitor to /login', async () => {
    for (const guarded of ['/account-settings', '/payments', '/profile', '/notifications']) {
      await page.goto(guarded);
      await expect(page).toHaveURL(loginComingBackTo(guarded));
    }
  });

  await test.step('a wrong password shows the spec toast', async () => {
    await signIn(page, account.email, 'not-my-password');
    const failed = toast(page, 'Login Failed');
    await expect(failed).toBeVisible();
    await expect(failed).toHaveRole('alert');
    await expect(failed).toContainText('Invalid email or password. Please try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the right password opens the dashboard', async () => {
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${account.first}!` })).toBeVisible();
  });

  await test.step('the avatar button shows initials and opens the side menu, which closes again', async () => {
    await expect(avatarButton(page)).toHaveText(`${account.first[0]}${account.last[0]}`.toUpperCase());
    await avatarButton(page).click();
    const menu = page.getByRole('dialog', { name: 'Account menu' });
    await expect(menu).toBeVisible();
    await expect(menu).toContainText(`${account.first} ${account.last}`);
    await expect(menu.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/account-settings');
    // Every entry leads to a built screen now, the marketplace's among them.
    await expect(menu.getByRole('link', { name: 'Find a Ride' })).toHaveAttribute('href', '/ride-listings');
    await expect(menu.getByRole('link', { name: 'Driver', exact: true })).toHaveAttribute('href', '/rides/as-driver');
    await expect(menu.getByRole('link', { name: 'Payouts' })).toHaveAttribute('href', '/driver-dashboard');
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });

  await test.step('a menu entry navigates, and the bell leads to /notifications', async () => {
    await avatarButton(page).click();
    await page.getByRole('dialog', { name: 'Account menu' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
  });

  await test.step('Logout in the side menu signs out and goes to /', async () => {
    await avatarButton(page).click();
    await page.getByRole('dialog', { name: 'Account menu' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(avatarButton(page)).toHaveCount(0);
    await page.goto('/payments');
    await expect(page).toHaveURL(loginComingBackTo('/payments'));
  });
});

async function startRecovery(page: Page, account: Account, method: 'email' | 'sms'): Promise<number> {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Password Recovery' })).toBeVisible();
  const before = method === 'email' ? emailCount(account.email) : smsCount(account.phone);
  if (method === 'email') {
    await page.getByRole('radio', { name: /^Email/ }).check();
    await page.getByLabel('Email Address').fill(account.email);
  } else {
    await page.getByRole('radio', { name: /^Phone/ }).check();
    await page.getByLabel('Phone Number').fill(account.phone);
  }
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(toast(page, 'Reset Code Sent')).toBeVisible();
  await expect(page).toHaveURL(/\/password-reset-otp$/);
  return before;
}

for (const method of ['email', 'sms'] as const) {
  test(`password recovery by ${method === 'email' ? 'e-mail' : 'SMS'}`, async ({ page }) => {
    const account = await signUpThroughApi(page, `Reset${method}`);
    await page.context().clearCookies();
    const newPassword = 'Medaase-2027';

    const before = await startRecovery(page, account, method);
    await expect(page.getByText(method === 'email' ? /sent by email to a\*\*\*@example\.com/ : /sent by SMS to/)).toBeVisible();
    const code = method === 'email' ? await emailCode(account.email, before) : await smsCode(account.phone, before);

    await test.step('a wrong code shows the spec toast and stays on the code screen', async () => {
      await typeCode(page, wrongCodeFor(code));
      await expect(toast(page, 'Verification Failed')).toContainText('Invalid verification code. Please try again.');
      await expect(page).toHaveURL(/\/password-reset-otp$/);
    });

    await test.step('the right code opens the new-password screen', async () => {
      await typeCode(page, code);
      await expect(page).toHaveURL(/\/reset-password$/);
    });

    await test.step('the new password is checked, saved, and the modal leads to /login', async () => {
      await page.getByLabel('New Password', { exact: true }).fill('weakpass');
      await page.getByLabel('Confirm Password', { exact: true }).fill('different');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
      await expect(page.getByText("Passwords don't match")).toBeVisible();

      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      const modal = page.getByRole('dialog', { name: 'Password successfully saved and updated' });
      await expect(modal).toBeVisible();
      await modal.getByRole('button', { name: 'Continue to Login' }).click();
      await expect(page).toHaveURL(/\/login$/);
    });

    await test.step('the old password no longer works; the new one does', async () => {
      await signIn(page, account.email, account.password);
      await expect(toast(page, 'Login Failed')).toBeVisible();
      await signIn(page, account.email, newPassword);
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
}

test('profile: names and emergency contact saved; a photo shown at once; bad files refused with toasts', async ({ page }) => {
  const account = await signUpThroughApi(page, 'Profile');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  await test.step('email and phone are read-only; the status card says Not Verified and offers Verify Now', async () => {
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByLabel('Email')).not.toBeEditable();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(account.phone);
    await expect(page.getByLabel('Phone', { exact: true })).not.toBeEditable();
    const status = page.getByRole('region', { name: 'Verification Status' });
    await expect(status).toContainText('Not Verified');
    await expect(status.getByRole('link', { name: 'Verify Now' })).toHaveAttribute('href', '/verify-identity');
  });

  await test.step('edits are saved and still there after a reload', async () => {
    await page.getByLabel('First Name').fill('Adjoa');
    await page.getByLabel('Emergency Contact Name').fill('Kwesi Mensah');
    await page.getByLabel('Emergency Contact Phone').fill('0201112223');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, 'Profile Updated')).toBeVisible();
    // The frame shows the new name at once.
    await expect(avatarButton(page)).toHaveText(`A${account.last[0]}`.toUpperCase());
    await page.reload();
    await expect(page.getByLabel('First Name')).toHaveValue('Adjoa');
    await expect(page.getByLabel('Emergency Contact Name')).toHaveValue('Kwesi Mensah');
    await expect(page.getByLabel('Emergency Contact Phone')).toHaveValue('0201112223');
  });

  const photoInput = page.getByLabel('Upload Photo');

  await test.step('a file that is not an image is refused before upload', async () => {
    await photoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some text') });
    await expect(toast(page, 'Invalid Image')).toContainText('Please select an image file');
  });

  await test.step('an image over 5 MB is refused', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    await photoInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await expect(toast(page, 'Invalid Image')).toContainText('Image must be smaller than 5MB');
  });

  await test.step('a text file dressed as a PNG is refused by the server with the Invalid Image toast', async () => {
    await photoInput.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image') });
    const failed = toast(page, 'Invalid Image');
    await expect(failed).toContainText('Please select an image file');
    await expect(failed).toHaveRole('alert');
    await expect(page.locator('img[src*="/api/uploads/"]')).toHaveCount(0);
  });

  await test.step('a real image is uploaded and shown at once, in the page and the header', async () => {
    // A 1x1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await photoInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(toast(page, 'Profile Image Updated')).toBeVisible();
    const headerPhoto = avatarButton(page).locator('img');
    await expect(headerPhoto).toHaveAttribute('src', /\/api\/uploads\//);
    const loaded = await headerPhoto.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth));
    expect(loaded).toBe(1);
    await expect(page.getByText('Change Photo')).toBeVisible();

    // A profile photo is public (drivers' photos show on the listing to guests) while the profile is shown to others.
    const src = (await headerPhoto.getAttribute('src')) ?? '';
    const anonymous = await page.context().browser()!.newContext();
    expect((await anonymous.request.get(new URL(src, page.url()).toString())).status()).toBe(200);
    await anonymous.close();
  });
});

test('settings: toggles kept after a reload and a new sign-in; password change; account deletion', async ({ page }) => {
  const account = await signUpThroughApi(page, 'Settings');
  const newPassword = 'Nkwa-2028x';
  await page.goto('/account-settings');
  const sms = page.getByRole('switch', { name: /^SMS Notifications/ });
  const promotional = page.getByRole('switch', { name: /^Promotional Emails/ });
  const showPhone = page.getByRole('switch', { name: /^Show Phone to Drivers/ });

  await test.step('the toggles start at the spec defaults and save on change', async () => {
    await expect(sms).toBeChecked();
    await expect(promotional).not.toBeChecked();
    await expect(showPhone).toBeChecked();
    await sms.click();
    await expect(toast(page, 'Settings Updated')).toContainText('Your notification settings have been saved.');
    await expect(sms).toBeEnabled();
    await showPhone.click();
    await expect(toast(page, 'Settings Updated')).toContainText('Your privacy settings have been saved.');
    await expect(showPhone).toBeEnabled();
    await page.reload();
    await expect(sms).not.toBeChecked();
    await expect(showPhone).not.toBeChecked();
    await expect(promotional).not.toBeChecked();
  });

  await test.step('a mismatched confirmation is refused in the spec words', async () => {
    await page.getByLabel('Current Password').fill(account.password);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(`${newPassword}!`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('New passwords do not match.')).toBeVisible();
  });

  await test.step('a wrong current password gets the error toast', async () => {
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    const failed = toast(page, 'Error');
    await expect(failed).toBeVisible();
    await expect(failed).toHaveRole('alert');
  });

  await test.step('the password is changed', async () => {
    await page.getByLabel('Current Password').fill(account.password);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(page, 'Password Changed')).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveValue('');
  });

  await test.step('after signing in again with the new password the toggles are as left', async () => {
    await page.context().clearCookies();
    await signIn(page, account.email, account.password);
    await expect(toast(page, 'Login Failed')).toBeVisible();
    await signIn(page, account.email, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/account-settings');
    await expect(sms).not.toBeChecked();
    await expect(showPhone).not.toBeChecked();
    await expect(page.getByRole('switch', { name: /^Email Notifications/ })).toBeChecked();
  });

  await test.step('deleting the account asks first; dismissing keeps it', async () => {
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect.poll(() => questions).toEqual(['Are you sure you want to delete your account? This action cannot be undone.']);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  });

  await test.step('confirming deletes the account, signs the user out, and the account cannot sign in', async () => {
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(toast(page, 'Account Deleted')).toBeVisible();
    await page.goto('/account-settings');
    await expect(page).toHaveURL(loginComingBackTo('/account-settings'));
    await signIn(page, account.email, newPassword);
    await expect(toast(page, 'Login Failed')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('notifications: the welcome notice, marking read, and a new notice arriving without a reload', async ({ page }) => {
  const account = await signUpThroughApi(page, 'Live');
  // The welcome notice is made from the registration event; this test starts once it exists.
  await expect
    .poll(async () => ((await (await page.request.get('/api/notifications')).json()) as { items: unknown[] }).items.length)
    .toBe(1);
  await page.goto('/dashboard');

  await test.step('the bell counts the welcome notice and leads to it', async () => {
    await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
    await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByText('1 Unread')).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: 'Welcome to Krom' })).toContainText(`Hi ${account.first}, your account is ready.`);
  });

  await test.step('opening the notice marks it read', async () => {
    await page.getByRole('button', { name: 'Welcome to Krom' }).click();
    const welcome = page.getByRole('article').filter({ hasText: 'Welcome to Krom' });
    await expect(welcome.getByRole('img', { name: 'Read' })).toBeVisible();
    await expect(page.getByText('0 Unread')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark All as Read' })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole('article').filter({ hasText: 'Welcome to Krom' }).getByRole('img', { name: 'Read' })).toBeVisible();
  });

  await test.step('a password change in another tab shows up here live', async () => {
    const settingsTab = await page.context().newPage();
    await settingsTab.goto('/account-settings');
    await settingsTab.getByLabel('Current Password').fill(account.password);
    await settingsTab.getByLabel('New Password', { exact: true }).fill('Another-2029');
    await settingsTab.getByLabel('Confirm New Password').fill('Another-2029');
    await settingsTab.getByRole('button', { name: 'Change Password' }).click();
    await expect(toast(settingsTab, 'Password Changed')).toBeVisible();
    await settingsTab.close();

    const notice = page.getByRole('article').filter({ hasText: 'Password changed' });
    await expect(notice).toContainText('Your password was changed in your account settings.',);
    await expect(notice.getByText('Unread', { exact: true })).toBeVisible();
    await expect(page.getByText('1 Unread')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  });

  await test.step('Mark All as Read clears the count', async () => {
    await page.getByRole('button', { name: 'Mark All as Read' }).click();
    await expect(page.getByText('0 Unread')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText('0 Unread')).toBeVisible();
  });
});

test('payments: the empty overview, and mobile money numbers added, edited, made default and removed', async ({ page }) => {
  await signUpThroughApi(page, 'Payments');
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Payments', exact: true })).toBeVisible();

  await test.step('the overview shows zero totals for a new account', async () => {
    await expect(page.getByRole('region', { name: 'Total Spent' })).toContainText('GH₵0.00');
    await expect(page.getByRole('region', { name: 'Total Earned' })).toContainText('GH₵0.00');
  });

  // On a phone the tabs are a dropdown.
  const section = page.getByRole('combobox', { name: 'Payment sections' });
  const card = (masked: string) => page.getByRole('article', { name: new RegExp(`${masked.replace(/\*/g, '\\*')}$`) });

  await test.step('a number is added; the network is suggested from its prefix and the number shown masked', async () => {
    await section.selectOption({ label: 'Payment Methods' });
    await expect(page.getByText('No payment methods yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add Mobile Money' }).click();
    const form = page.getByRole('form', { name: 'Add Mobile Money' });
    await form.getByLabel('Mobile Money Number').fill('0241234567');
    await expect(form.getByLabel('Network')).toHaveValue('mtn');
    await expect(form.getByText('024 is usually MTN')).toBeVisible();
    await form.getByRole('button', { name: 'Add Number' }).click();
    await expect(toast(page, 'Payment Method Added')).toBeVisible();
    await expect(card('024 *** 4567')).toContainText('MTN Mobile Money');
    await expect(card('024 *** 4567')).toContainText('Default');
    await expect(page.getByText('0241234567')).toHaveCount(0);
  });

  await test.step('a second number is added and made the default', async () => {
    await page.getByRole('button', { name: 'Add Mobile Money' }).click();
    const form = page.getByRole('form', { name: 'Add Mobile Money' });
    await form.getByLabel('Mobile Money Number').fill('0201239876');
    await expect(form.getByLabel('Network')).toHaveValue('vodafone');
    await form.getByRole('button', { name: 'Add Number' }).click();
    await expect(toast(page, 'Payment Method Added')).toBeVisible();
    const second = card('020 *** 9876');
    await expect(second).toBeVisible();
    await expect(second).not.toContainText('Default');
    await second.getByRole('button', { name: 'Set as default' }).click();
    await expect(toast(page, 'Default Payment Method Updated')).toBeVisible();
    await expect(second).toContainText('Default');
    await expect(card('024 *** 4567')).not.toContainText('Default');
  });

  await test.step('a number is edited', async () => {
    await card('024 *** 4567').getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit Mobile Money' });
    await form.getByLabel('Mobile Money Number').fill('0271112233');
    await expect(form.getByLabel('Network')).toHaveValue('airteltigo');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Payment Method Updated')).toBeVisible();
    await expect(card('027 *** 2233')).toContainText('AirtelTigo Mobile Money');
    await expect(card('024 *** 4567')).toHaveCount(0);
  });

  await test.step('a number is removed, and the list is the same after a reload', async () => {
    await card('027 *** 2233').getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Payment Method Removed')).toBeVisible();
    await expect(card('027 *** 2233')).toHaveCount(0);
    await page.reload();
    await section.selectOption({ label: 'Payment Methods' });
    await expect(card('020 *** 9876')).toContainText('Default');
    await expect(page.getByRole('article')).toHaveCount(1);
  });
});
