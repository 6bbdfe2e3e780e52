import { expect, test } from '@playwright/test';

/**
 * Under the web server's Content-Security-Policy every page still draws (styled-components'
 * <style>, the remotes' entries) and the browser reports no violation at all.
 */
const pages = [
  { path: '/', heading: "Share the ride between Ghana's cities" },
  { path: '/login', heading: 'Welcome Back' },
  { path: '/admin/login', heading: 'Admin Sign In' },
];

for (const visited of pages) {
  test(`${visited.path} loads with no Content-Security-Policy violation`, async ({ page }) => {
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (violation: string) => violations.push(violation));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation: (v: string) => void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
        ),
      );
    });
    const response = await page.goto(visited.path);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { name: visited.heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
}
