/**
 * Bundles the `mnemo` binary into dist/bin/ (after tsc has built dist/): one entry for the CLI and
 * one for each thread or process it starts (recall thread, index compaction), code-split so that
 * each command loads only its own chunks. A cold
 * command then reads a few dozen files instead of several hundred modules.
 *
 * Every output file sits directly in dist/bin/, at the depth of dist/cli/, so the paths the code
 * resolves from its own module (`../../package.json`, `./recall-thread.js`) hold in both builds.
 * Packages with native code, data files or optional installs stay outside the bundle and are
 * loaded from node_modules as before.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/bin`;

/**
 * zod re-exports its 40-odd message locales as a namespace (`z.locales`), so every one is bundled
 * and evaluated, half of zod's code; mnemo uses only the English messages zod configures itself with.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";\n',
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: root,
  // Every file the code starts as a thread or a process of its own is an entry, found beside the chunks.
  entryPoints: {
    mnemo: 'src/cli/main.ts',
    'recall-thread': 'src/recall-pool/recall-thread.ts',
    'vector-compact-child': 'src/store/sqlite/vector-compact-child.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
  plugins: [zodEnglishOnly],
  external: [
    'better-sqlite3', 'usearch', 'sqlite-vec', // native code
    '@electric-sql/*', '@huggingface/transformers', // WebAssembly / model files beside their modules
    'pg', 'playwright-core', '@langchain/core', // optional back ends and peers
  ],
  // CommonJS packages inside an ES module bundle call require() for Node built-ins.
  banner: { js: "import { createRequire as __mnemoCreateRequire } from 'node:module'; const require = __mnemoCreateRequire(import.meta.url);" },
});
