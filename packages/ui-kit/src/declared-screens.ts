import { matchPath } from 'react-router-dom';

/** The route patterns of every screen the app has: the shell's own and each remote's manifest. */
let declared: () => readonly string[] | undefined = () => undefined;

/** Called once by the shell when it starts, with every screen's pattern ('/profile', '/admin/*'); undefined forgets them (tests). */
export function declareScreens(patterns: readonly string[] | undefined): void {
  declared = () => patterns;
}

/**
 * Where the patterns come from at the moment of asking: the server's render (build/render-page.tsx)
 * reads them from the render being done, as renders of different requests overlap.
 */
export function declareScreensFrom(source: () => readonly string[] | undefined): void {
  declared = source;
}

/**
 * Whether a screen answers at `path`, so a link to it may be shown: a link to a screen not built
 * yet would lead to the 404. Once the screen's remote declares it, the link appears by itself.
 * Until the shell has declared the screens (a remote running on its own), every path counts.
 */
export function screenExists(path: string): boolean {
  const patterns = declared();
  if (patterns === undefined) return true;
  const pathname = path.split(/[?#]/)[0] ?? path;
  return patterns.some((pattern) => matchPath(pattern, pathname) !== null);
}
