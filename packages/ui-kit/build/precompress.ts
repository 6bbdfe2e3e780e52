import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this size the compressed file saves less than the extra bytes of framing. */
const minimumBytes = 1024;

/**
 * Writes .br and .gz beside every compressible file of the build, once, at build time, so the
 * web server sends them as they are (@fastify/static preCompressed) instead of compressing per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'krom:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const fullPath = path.join(outDir, file);
          const { size } = await stat(fullPath);
          if (size < minimumBytes) return;
          const source = await readFile(fullPath);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: size,
              },
            }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${fullPath}.br`, br), writeFile(`${fullPath}.gz`, gz)]);
        }),
      );
    },
  };
}
