import type { RemoteRoutesManifest } from '../src/remote-route.ts';
import { matchPath, type RouteObject } from 'react-router-dom';

/** The full path of every screen a route subtree serves (index routes take their parent's path). */
export function servedPaths(routes: RouteObject[], parent = '/'): string[] {
  return routes.flatMap((route) => {
    const here = route.path ? joinPaths(parent, route.path) : parent;
    const own = route.index || (route.path && !route.children?.length) ? [here] : [];
    return [...own, ...servedPaths(route.children ?? [], here)];
  });
}

function joinPaths(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/**
 * What a remote declares and what it serves disagree, as messages (none when they agree): a
 * screen outside the manifest would be unreachable in the shell, and a declared path the
 * subtree does not serve would load the remote only to show the 404.
 */
export function manifestMismatches(manifest: RemoteRoutesManifest, routes: RouteObject[]): string[] {
  const served = servedPaths(routes);
  const problems: string[] = [];
  for (const path of served) {
    if (!manifest.paths.some((pattern) => matchPath(pattern, path))) {
      problems.push(`${path} is served but not declared in the manifest`);
    }
  }
  for (const pattern of manifest.paths) {
    const covered = pattern.endsWith('/*')
      ? served.some((path) => matchPath(pattern, path))
      : served.includes(pattern);
    if (!covered) problems.push(`${pattern} is declared but no screen serves it`);
  }
  return problems;
}
