import { expect, test } from '@playwright/test';

/** Each remote loads through module federation, with no failed request along the way. */
const remotes = [
  { name: 'admin', path: '/admin/login', visible: { role: 'button' as const, name: 'Sign In' } },
  { name: 'marketplace', path: '/post-ride', visible: { role: 'link' as const, name: /Post a Ride/i } },
  { name: 'account', path: '/onboarding', visible: { role: 'heading' as const, name: "Let's get started" } },
];

for (const remote of remotes) {
  test(`the ${remote.name} remote mounts at ${remote.path}`, async ({ page }) => {
    const failures: string[] = [];
    page.on('requestfailed', (request) => failures.push(`${request.url()} ${request.failure()?.errorText}`));
    page.on('response', (response) => {
      // 401 from the current-user call is the spec's "signed out", not a failure.
      const signedOut = response.status() === 401 && response.url().endsWith('/api/auth/user');
      if (response.status() >= 400 && !signedOut) failures.push(`${response.status()} ${response.url()}`);
    });
    const entry = page.waitForResponse((response) => response.url().includes(`/remotes/${remote.name}/assets/remoteEntry.js`));
    await page.goto(remote.path);
    expect((await entry).status()).toBe(200);
    await expect(page.getByRole(remote.visible.role, { name: remote.visible.name }).first()).toBeVisible();
    expect(failures).toEqual([]);
  });
}
