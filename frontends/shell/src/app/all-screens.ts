import type { RouteObject } from 'react-router-dom';
import { remotes } from './remotes.ts';

/** Every screen's path pattern: the shell's own pages and what each remote declares (see declared-screens.ts). */
export function allScreens(routes: RouteObject[]): string[] {
  const shellPages = ['/', ...(routes[0]?.children ?? []).flatMap((route) => (route.path && route.path !== '*' ? [route.path] : []))];
  return [...shellPages, ...remotes.flatMap((remote) => remote.manifest.paths)];
}
