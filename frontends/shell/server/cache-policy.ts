import path from 'node:path';
import { PRERENDER_MANIFEST } from '@krom/ui-kit/build/prerender-manifest.ts';
import { REMOTE_ROUTES_FILE } from '@krom/ui-kit/build/publish-routes.ts';

/** Vite names built files `<name>-<8 character hash>.<ext>`: their content never changes. */
const hashedFile = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/i;
/**
 * Entry points whose names stay the same across deploys: always revalidate. The routes manifest
 * is named here, else it would pass for a hashed file (`routes-` + 8 characters).
 */
const entryPoints = new Set(['index.html', 'remoteEntry.js', REMOTE_ROUTES_FILE, PRERENDER_MANIFEST]);

/** The Cache-Control header for a file served from a frontend build. */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (entryPoints.has(name)) return 'no-cache';
  if (hashedFile.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}
