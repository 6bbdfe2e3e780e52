/**
 * The shell's own screens' paths (create-routes.tsx), for the web server, which renders pages
 * without the shell's routes: with the remotes' published paths, the screens the browser's app
 * declares (all-screens.ts). A test holds this list to the routes.
 */
export const SHELL_SCREENS: readonly string[] = ['/', '/waitlist', '/thank-you', '/contact', '/terms', '/privacy'];
