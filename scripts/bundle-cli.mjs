/**
 * Bundles the `mnemo` binary into dist/bin/ (after tsc has built dist/): the CLI as one CommonJS
 * file run through V8's code cache by a small binary (src/cli/bin.ts), and one code-split entry for
 * each thread or process it starts (recall thread, index compaction). A cold command then reads
 * three files instead of several hundred modules, and after its first run compiles almost nothing.
 *
 * Every output file sits directly in dist/bin/, at the depth of dist/cli/, so the paths the code
 * resolves from its own module (`../../package.json`, `./recall-thread.js`) hold in both builds.
 * Packages with native code, data files or optional installs stay outside the bundle and are
 * loaded from node_modules as before.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { CJS_HEAD, CJS_TAIL } from '../dist/cli/cjs-wrapper.js';

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

/**
 * commander requires node:child_process at load for the one thing mnemo never does (running a
 * subcommand as its own executable); that module pulls in net, dgram and dns, compiled at each
 * cold start (20 ms of a cold recall). Required on use instead.
 */
const commanderLazyChildProcess = {
  name: 'commander-lazy-child-process',
  setup(build) {
    build.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const eager = "const childProcess = require('node:child_process');";
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes(eager)) {
        console.warn(`bundle-cli: ${args.path} no longer requires node:child_process as expected; bundled as is`);
        return undefined;
      }
      const lazy = "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };";
      return { contents: source.replace(eager, lazy), loader: 'js' };
    });
  },
};

const shared = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  plugins: [zodEnglishOnly, commanderLazyChildProcess],
  external: [
    'better-sqlite3', 'usearch', 'sqlite-vec', // native code
    '@electric-sql/*', '@huggingface/transformers', // WebAssembly / model files beside their modules
    'pg', 'playwright-core', '@langchain/core', // optional back ends and peers
  ],
};

rmSync(outdir, { recursive: true, force: true });

/**
 * Commands an agent runs as a process of its own, again and again, that get a bundle of their own: one
 * built as the CLI's but with the other commands' files left out. A cold command reads its whole
 * bundle (and each first-touched 4 KB page costs a fault), so `recall` reads 1.9 MB instead of 3.1.
 */
const OWN_BUNDLE_COMMANDS = ['recall'];

/** Leaves out every command file but `command`'s (command-table.ts imports each on demand). */
const onlyCommand = (command) => ({
  name: 'only-command',
  setup(build) {
    build.onResolve({ filter: /^\.\/commands\/[a-z-]+\.js$/ }, (args) => {
      if (!/[\\/]cli[\\/]command-table\.ts$/.test(args.importer) || args.path === `./commands/${command}.js`) return undefined;
      return { path: args.path, namespace: 'left-out-command' };
    });
    build.onLoad({ filter: /.*/, namespace: 'left-out-command' }, () => ({ contents: 'export {};\n', loader: 'js' }));
  },
});

/**
 * The CLI itself: one CommonJS file, so that the binary can compile it through V8's code cache
 * (src/cli/code-cache.ts). esbuild turns its dynamic imports into functions that evaluate a
 * module on first use, so a command still runs only its own modules' top-level code.
 */
async function bundleCli(outfile, plugins = []) {
  await esbuild.build({
    ...shared,
    // better-sqlite3's JavaScript (a dozen files Node would resolve, read and compile at every cold
    // start: ~10 ms) goes into the bundle and so into its code cache; its addon stays in node_modules,
    // always handed over by path or as loaded (src/store/sqlite/native-binding.ts), so the `bindings`
    // package it would otherwise search with (from the caller's file: the bundle's) is never reached here.
    external: [...shared.external.filter((p) => p !== 'better-sqlite3'), 'bindings'],
    plugins: [...shared.plugins, ...plugins],
    entryPoints: ['src/cli/run.ts'],
    outfile,
    format: 'cjs',
    // Whitespace and comments out, names kept: the binary reads, copies and holds the whole source
    // (lazy functions compile from it), and each 4 KB of it first touched costs a page fault.
    minifyWhitespace: true,
    minifySyntax: true,
    define: { 'import.meta.url': '__mnemoModuleUrl' },
    banner: { js: "const __mnemoModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  // esbuild escapes non-ASCII text in strings and names but not in regular expression literals or
  // comments; escaping those too lets the binary read the bundle as Latin-1, many times faster than UTF-8.
  const ascii = readFileSync(outfile, 'utf8').replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  writeFileSync(outfile, CJS_HEAD + ascii + CJS_TAIL);
}

const cliBundles = [`${outdir}/mnemo-cli.cjs`];
await bundleCli(cliBundles[0]);
for (const command of OWN_BUNDLE_COMMANDS) {
  cliBundles.push(`${outdir}/mnemo-cli-${command}.cjs`);
  await bundleCli(cliBundles.at(-1), [onlyCommand(command)]);
}
// One hash for all of them: the binary names its code caches by it and the command, which picks the bundle.
const hash = createHash('sha256');
for (const file of cliBundles) hash.update(readFileSync(file));

// The binary, a small file that loads the CLI above, twice: as CommonJS, the package's bin (Node then
// starts without its ES module loader: 400-odd fewer page faults), and as an ES module at the path
// earlier versions had (dist/bin/mnemo.js), which MCP client configurations name.
const binDefine = { MNEMO_CLI_BUNDLE_HASH: JSON.stringify(hash.digest('hex').slice(0, 16)), MNEMO_CLI_OWN_BUNDLES: JSON.stringify(OWN_BUNDLE_COMMANDS) };
await esbuild.build({
  ...shared,
  entryPoints: ['src/cli/bin.ts'],
  outfile: `${outdir}/mnemo.cjs`,
  format: 'cjs',
  define: { ...binDefine, 'import.meta.url': '__mnemoModuleUrl' },
  banner: { js: "const __mnemoModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
await esbuild.build({ ...shared, entryPoints: ['src/cli/bin.ts'], outfile: `${outdir}/mnemo.js`, format: 'esm', define: binDefine });

// Every file the code starts as a thread or a process of its own, found beside the CLI.
await esbuild.build({
  ...shared,
  entryPoints: {
    'recall-thread': 'src/recall-pool/recall-thread.ts',
    'vector-compact-child': 'src/store/sqlite/vector-compact-child.ts',
  },
  outdir,
  splitting: true,
  format: 'esm',
  chunkNames: 'chunk-[hash]',
  // CommonJS packages inside an ES module bundle call require() for Node built-ins.
  banner: { js: "import { createRequire as __mnemoCreateRequire } from 'node:module'; const require = __mnemoCreateRequire(import.meta.url);" },
});
