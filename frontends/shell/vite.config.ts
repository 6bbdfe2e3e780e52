import { federationAliases, federationShared } from '@krom/ui-kit/build/federation-shared.ts';
import { precompress } from '@krom/ui-kit/build/precompress.ts';
import federation from '@originjs/vite-plugin-federation';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
 * The host. Remote URLs are root-relative: the web server serves every remote's build under
 * /remotes/<name>/ on the same origin, so the same build works on any host name.
 */
export default defineConfig({
  base: '/',
  resolve: { alias: federationAliases() },
  plugins: [
    react(),
    federation({
      name: 'shell',
      remotes: {
        marketplace: '/remotes/marketplace/assets/remoteEntry.js',
        account: '/remotes/account/assets/remoteEntry.js',
        admin: '/remotes/admin/assets/remoteEntry.js',
      },
      shared: federationShared('host'),
    }),
    preloadBootstrapChunk(),
    precompress(),
  ],
  build: {
    // The federation runtime awaits shared modules at the top level of chunks.
    target: 'esnext',
    // Every browser Krom supports has native modulepreload; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
  },
});
