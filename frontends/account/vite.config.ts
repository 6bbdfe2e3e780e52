import { bundleReport } from '@krom/ui-kit/build/bundle-report.ts';
import { federationAliases, federationShared } from '@krom/ui-kit/build/federation-shared.ts';
import { precompress } from '@krom/ui-kit/build/precompress.ts';
import { publishRoutes } from '@krom/ui-kit/build/publish-routes.ts';
import { prerenderPages } from '@krom/ui-kit/build/prerender.ts';
import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routesManifest } from './src/app/routes-manifest.ts';

/**
 * Remote: sign-up, login, recovery, onboarding, profile and settings. Built and served on its own under /remotes/account/ (its own container, or the
 * web server from disk); it owns the paths in src/app/routes-manifest.ts.
 */
export default defineConfig({
  base: '/remotes/account/',
  resolve: { alias: federationAliases() },
  plugins: [
    react(),
    federation({
      name: 'account',
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/app/routes.tsx' },
      shared: federationShared('remote'),
    }),
    // The paths it owns, for the web server to tell the shell (frontends/README.md, "Remotes own their routes").
    publishRoutes(routesManifest, { module: './routes' }),
    // The public pages a signed-out visitor lands on, as HTML for the web server to serve.
    prerenderPages({
      entry: 'src/prerender.tsx',
      pages: [
        // Forms a guest can start typing into before the app is there: it comes on the first use
        // and takes over what was typed (frontends/README.md, "The app on demand").
        { path: '/login', modules: ['src/app/routes.tsx', 'src/features/sign-in/components/login-page.tsx'], appOnDemand: true },
        { path: '/create-account', modules: ['src/app/routes.tsx', 'src/features/sign-up/components/create-account-page.tsx'], appOnDemand: true },
      ],
    }),
    precompress(),
    // What each script is made of, for the JavaScript budget's failure message (frontends/README.md).
    bundleReport(),
  ],
  build: { target: 'esnext', modulePreload: { polyfill: false } },
  // Running on its own (`npm run preview`): /api goes to the BFF like it does behind the web server.
  preview: {
    port: 5002,
    strictPort: true,
    proxy: { '/api': process.env.BFF_URL ?? 'http://127.0.0.1:4000' },
  },
});
