import { bundleReport } from '@krom/ui-kit/build/bundle-report.ts';
import { federationAliases, federationShared } from '@krom/ui-kit/build/federation-shared.ts';
import { precompress } from '@krom/ui-kit/build/precompress.ts';
import { publishRoutes } from '@krom/ui-kit/build/publish-routes.ts';
import { prerenderPages } from '@krom/ui-kit/build/prerender.ts';
import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routesManifest } from './src/app/routes-manifest.ts';
import { previewDataPreload } from './src/features/ride-details/preview-data-preload.ts';
import { listingDataPreload } from './src/features/search/listing-data-preload.ts';
import { tripDataPreload } from './src/features/trip-share/trip-data-preload.ts';

/**
 * Remote: rides, search, posting, bookings and dashboards. Built and served on its own under /remotes/marketplace/ (its own container, or the
 * web server from disk); it owns the paths in src/app/routes-manifest.ts.
 */
export default defineConfig({
  base: '/remotes/marketplace/',
  resolve: { alias: federationAliases() },
  plugins: [
    react(),
    federation({
      name: 'marketplace',
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/app/routes.tsx' },
      shared: federationShared('remote'),
    }),
    // The paths it owns, for the web server to tell the shell (frontends/README.md, "Remotes own their routes").
    publishRoutes(routesManifest, { module: './routes' }),
    // The public pages a guest lands on from a link, as HTML for the web server to serve: the
    // search form, the listing and a ride's preview, a shared trip and the drivers' pitch. The listing and the
    // preview are rendered again on each request with their API answers (dist/server/render.js);
    // what is prerendered for them (the listing's frame, the preview's loading state) is served
    // when that cannot be done.
    prerenderPages({
      entry: 'src/prerender.tsx',
      pages: [
        ...['/find-ride', '/find-rides'].map((path) => ({
          path,
          modules: ['src/app/routes.tsx', 'src/features/search/components/find-ride-page.tsx'],
          // Buttons that open pickers and a list: HTML until one is used, for a guest.
          appOnDemand: true,
        })),
        {
          path: '/ride-listings',
          // With its empty state, which the listing's code imports as soon as it runs
          // (listing-deferred-parts.ts): preloaded, it costs no round trips after the rides' answer.
          modules: ['src/app/routes.tsx', 'src/app/ride-listings-route.tsx', 'src/features/search/components/empty-rides.tsx'],
          // Its rides come in the page's HTML and data, asked for by the web server.
          data: [listingDataPreload],
          onRequest: true,
          appOnDemand: true,
        },
        {
          path: '/ride-preview/:id',
          modules: ['src/app/routes.tsx', 'src/features/ride-details/components/ride-preview-page.tsx'],
          data: [previewDataPreload],
          onRequest: true,
          appOnDemand: true,
        },
        {
          // A shared trip, opened by an emergency contact from a text, often on a basic phone: the
          // trip in the first HTML, nothing on it needing the app.
          path: '/trip/:token',
          modules: ['src/app/routes.tsx', 'src/features/trip-share/components/shared-trip-page.tsx'],
          data: [tripDataPreload],
          onRequest: true,
          appOnDemand: true,
        },
        { path: '/post-ride', modules: ['src/app/routes.tsx', 'src/features/post-ride/components/post-ride-page.tsx'] },
      ],
    }),
    precompress(),
    // What each script is made of, for the JavaScript budget's failure message (frontends/README.md).
    bundleReport(),
  ],
  build: { target: 'esnext', modulePreload: { polyfill: false } },
  // Running on its own (`npm run preview`): /api goes to the BFF like it does behind the web server.
  preview: {
    port: 5001,
    strictPort: true,
    proxy: { '/api': process.env.BFF_URL ?? 'http://127.0.0.1:4000' },
  },
});
