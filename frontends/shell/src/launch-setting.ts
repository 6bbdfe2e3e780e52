/**
 * Whether the marketplace is open yet is configuration (the web server's PRE_LAUNCH), not code:
 * while it is on, the web server writes this tag into the head of every page it answers, and
 * the landing page shows the pre-launch banner. Without it (the default) the marketplace is open.
 */
export const PRE_LAUNCH_META = '<meta name="krom-launch" content="pre-launch">';

/** The page's head as the web server wrote it; false in the build's prerender, which has no document. */
export function isPreLaunch(): boolean {
  return typeof document !== 'undefined' && document.querySelector('meta[name="krom-launch"]')?.getAttribute('content') === 'pre-launch';
}

/** A page's HTML with the pre-launch tag in its head when the setting is on, else unchanged. */
export function withLaunchSetting(html: string, preLaunch: boolean): string {
  return preLaunch ? html.replace('</head>', `${PRE_LAUNCH_META}\n</head>`) : html;
}
