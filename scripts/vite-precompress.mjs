// A Vite build plugin for both SPAs: after the bundle is written, every compressible asset of
// at least 1 KB gets a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside it. The
// server sends those as they are (@fastify/static's preCompressed), so no request pays for
// compressing, and brotli at its best quality is ~15% smaller than on-the-fly gzip
// (docs/decisions/014-front-end-budgets.md).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/** @returns {import('vite').Plugin} */
export function precompress() {
  let outDir = '';
  return {
    name: 'caterway-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, withFileTypes: true });
      await Promise.all(
        files
          .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name) && !f.parentPath.includes(`${path.sep}.vite`))
          .map(async (f) => {
            const file = path.join(f.parentPath, f.name);
            const data = await fs.promises.readFile(file);
            if (data.length < MIN_BYTES) return;
            const br = zlib.brotliCompressSync(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            });
            const gz = zlib.gzipSync(data, { level: 9 });
            await fs.promises.writeFile(`${file}.br`, br);
            await fs.promises.writeFile(`${file}.gz`, gz);
          }),
      );
    },
  };
}
