import path from 'node:path';

/** Vite names built files `<name>-<8 character hash>.<ext>`: their content never changes. */
const hashedFile = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/i;
/** Entry points whose names stay the same across deploys: always revalidate. */
const entryPoints = new Set(['index.html', 'remoteEntry.js']);

/** The Cache-Control header for a file served from a frontend build. */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (entryPoints.has(name)) return 'no-cache';
  if (hashedFile.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}
