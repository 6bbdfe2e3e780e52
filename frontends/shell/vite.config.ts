import { bundleReport } from '@krom/ui-kit/build/bundle-report.ts';
import { federationAliases, federationShared } from '@krom/ui-kit/build/federation-shared.ts';
import { precompress } from '@krom/ui-kit/build/precompress.ts';
import { prerenderPages } from '@krom/ui-kit/build/prerender.ts';
import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PRE_LAUNCH_VARIANT } from './src/launch-setting.ts';

/**
 * main.ts reaches bootstrap.tsx only through a dynamic import (the async boundary), so the
 * browser would discover it one round trip late. A modulepreload link starts it with the HTML.
 */
function preloadBootstrapChunk(): Plugin {
  return {
    name: 'krom:preload-bootstrap',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const bootstrap = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === 'bootstrap');
      const html = bundle['index.html'];
      if (!bootstrap || html?.type !== 'asset') return;
      const link = `<link rel="modulepreload" crossorigin href="/${bootstrap.fileName}">`;
      html.source = String(html.source).replace('</head>', `  ${link}\n  </head>`);
    },
  };
}

/**
 * The host. Its build names no remote: which remotes there are, the paths they own and where their
 * entries live come from the web server while it runs (the routes it writes into each page, and
 * /remotes.json; load-remote.ts registers each entry), so a remote is deployed without building the
 * shell again. The plugin only builds a host's share scope when it has a remote: it gets one
 * placeholder, which fails loudly if anything loads it.
 */
const remotes = {
  'krom-no-remote': {
    external: `(() => { throw new Error('A remote was loaded before its entry URL was set.'); })()`,
    externalType: 'promise' as const,
  },
};

export default defineConfig({
  base: '/',
  resolve: { alias: federationAliases() },
  plugins: [
    react(),
    federation({
      name: 'shell',
      remotes,
      shared: federationShared('host'),
    }),
    preloadBootstrapChunk(),
    // The landing and the text pages (contact, terms, privacy) as HTML, the chunks a remote's page needs from the host (the remote loader), the
    // entry script's own chunks, which a prerendered page preloads ahead of all others, and the
    // app's (bootstrap.tsx and the shared modules it imports), which every prerendered page needs. The
    // landing works as HTML alone: the web server sends it without the app, with its own small
    // script, in the variant its PRE_LAUNCH setting asks for. The script that loads the app on
    // demand (features/app-on-demand), built alone.
    prerenderPages({
      entry: 'src/prerender.tsx',
      pages: [
        {
          path: '/',
          modules: ['src/features/landing/components/landing-page.tsx'],
          // Its one script, without React (a few hundred bytes), built alone into one file.
          static: { script: 'src/features/landing/static-landing.ts' },
          variants: [PRE_LAUNCH_VARIANT],
        },
        // Krom's text pages: HTML alone, without any script.
        ...['contact', 'terms', 'privacy'].map((page) => ({
          path: `/${page}`,
          modules: [`src/features/legal/components/${page}-page.tsx`],
          static: {},
        })),
      ],
      groups: { remoteLoader: ['src/app/load-remote.ts'], entry: ['src/main.ts'], app: ['src/bootstrap.tsx'] },
      // Sent instead of the app with a remote's page that works as HTML until a control is used.
      scripts: { appOnDemand: 'src/features/app-on-demand/app-on-demand.ts' },
    }),
    precompress(),
    // What each script is made of, for the JavaScript budget's failure message (frontends/README.md).
    bundleReport(),
  ],
  build: {
    // The federation runtime awaits shared modules at the top level of chunks.
    target: 'esnext',
    // Every browser Krom supports has native modulepreload; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
  },
});
