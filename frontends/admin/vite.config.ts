import { bundleReport } from '@krom/ui-kit/build/bundle-report.ts';
import { federationAliases, federationShared } from '@krom/ui-kit/build/federation-shared.ts';
import { precompress } from '@krom/ui-kit/build/precompress.ts';
import { publishRoutes } from '@krom/ui-kit/build/publish-routes.ts';
import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routesManifest } from './src/app/routes-manifest.ts';

/**
 * Remote: the staff area. Built and served on its own under /remotes/admin/ (its own container, or the
 * web server from disk); it owns the paths in src/app/routes-manifest.ts.
 */
export default defineConfig({
  base: '/remotes/admin/',
  resolve: { alias: federationAliases() },
  plugins: [
    react(),
    federation({
      name: 'admin',
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/app/routes.tsx' },
      shared: federationShared('remote'),
    }),
    // The paths it owns, for the web server to tell the shell (frontends/README.md, "Remotes own their routes").
    publishRoutes(routesManifest, { module: './routes' }),
    precompress(),
    // What each script is made of, for the JavaScript budget's failure message (frontends/README.md).
    bundleReport(),
  ],
  build: { target: 'esnext', modulePreload: { polyfill: false } },
  // Running on its own (`npm run preview`): /api goes to the BFF like it does behind the web server.
  preview: {
    port: 5003,
    strictPort: true,
    proxy: { '/api': process.env.BFF_URL ?? 'http://127.0.0.1:4000' },
  },
});
