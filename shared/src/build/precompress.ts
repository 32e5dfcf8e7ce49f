import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RsbuildPlugin } from '@rsbuild/core';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|wasm)$/;
/** Below this a compressed copy saves less than its own overhead. */
const MIN_BYTES = 512;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of a build, so the server sends the
 * best encoding a client accepts without compressing anything per request (brotli at its highest
 * quality, which costs seconds once at build time and nothing at run time).
 */
export async function precompressDirectory(
  dir: string,
): Promise<{ files: number; bytes: number; br: number }> {
  let files = 0;
  let bytes = 0;
  let br = 0;
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const content = await readFile(file);
    const [brotlied, gzipped] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, brotlied), writeFile(`${file}.gz`, gzipped)]);
    files += 1;
    bytes += content.length;
    br += brotlied.length;
  }
  return { files, bytes, br };
}

/** The rsbuild side: precompress the output after every production build. */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'dash:precompress',
    setup(api) {
      api.onAfterBuild(async () => {
        if (api.context.action !== 'build') return;
        await precompressDirectory(api.context.distPath);
      });
    },
  };
}
