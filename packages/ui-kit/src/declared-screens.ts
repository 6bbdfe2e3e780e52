import { matchPath } from 'react-router-dom';

/** The route patterns of every screen the app has: the shell's own and each remote's manifest. */
let declared: readonly string[] | undefined;

/** Called once by the shell when it starts, with every screen's pattern ('/profile', '/admin/*'); undefined forgets them (tests). */
export function declareScreens(patterns: readonly string[] | undefined): void {
  declared = patterns;
}

/**
 * Whether a screen answers at `path`, so a link to it may be shown: a link to a screen not built
 * yet would lead to the 404. Once the screen's remote declares it, the link appears by itself.
 * Until the shell has declared the screens (a remote running on its own), every path counts.
 */
export function screenExists(path: string): boolean {
  if (declared === undefined) return true;
  const pathname = path.split(/[?#]/)[0] ?? path;
  return declared.some((pattern) => matchPath(pattern, pathname) !== null);
}
