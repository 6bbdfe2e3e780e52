import { currentUserAddress } from '@krom/contracts/api/current-user-address';
import { closeMenuAroundLink } from './landing-menu-links.ts';

/**
 * The one script of the landing page as the web server sends it: HTML alone, without the app
 * (server/prerendered-pages.ts). What the app did there that still matters, without React:
 *
 * - a signed-in visitor is sent on to the dashboard (the same question the app asks, current-user.ts:
 *   a 200 is a member; 401, an error or no answer leave the visitor on the landing, signed out);
 * - a tap on a section link in the open phone menu closes the menu, so the section shows.
 */
async function sendMemberToDashboard(): Promise<void> {
  try {
    const response = await fetch(currentUserAddress.path, { credentials: 'include', headers: { Accept: 'application/json' } });
    // Read to the end, so the request is over (a page waiting for a quiet network waits on an unread answer).
    await response.text();
    if (response.ok) location.replace('/dashboard');
  } catch {
    // No answer: the visitor stays on the landing, as a signed-out one.
  }
}

void sendMemberToDashboard();

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('[popover] a[href^="#"]') : null;
  if (link) closeMenuAroundLink(link);
});
