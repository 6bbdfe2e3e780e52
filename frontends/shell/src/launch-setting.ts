/**
 * Whether the marketplace is open yet is configuration (the web server's PRE_LAUNCH), not code:
 * while it is on, the web server writes this tag into the head of every page it answers, and
 * the landing page shows the pre-launch banner (features/landing/pre-launch.ts reads it). Without
 * it (the default) the marketplace is open. Shared with the web server, so no DOM here.
 */
export const LAUNCH_META_NAME = 'krom-launch';
export const PRE_LAUNCH_META = `<meta name="${LAUNCH_META_NAME}" content="pre-launch">`;

/**
 * The name of a prerendered page's variant rendered before launch (the landing's banner): the
 * build renders both, and the web server sends this one while PRE_LAUNCH is on.
 */
export const PRE_LAUNCH_VARIANT = 'pre-launch';

/** A page's HTML with the pre-launch tag in its head when the setting is on, else unchanged. */
export function withLaunchSetting(html: string, preLaunch: boolean): string {
  return preLaunch ? html.replace('</head>', `${PRE_LAUNCH_META}\n</head>`) : html;
}
