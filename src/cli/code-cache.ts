/**
 * Runs a CommonJS file with V8's code cache. Node 20 has no compile cache of its own, and a cold
 * command spends a third of its time parsing and compiling the CLI bundle: the first run saves the
 * bytecode of every function it ran to `cacheFile` (at exit, so it holds the functions compiled
 * lazily too), later runs deserialize it instead. A missing, stale, rejected, corrupt or unwritable
 * cache only costs that compile again, never an error.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { CJS_HEAD } from './cjs-wrapper.js';
import { pruneStaleCodeCaches } from './code-cache-prune.js';

/**
 * A release build of V8 checks a cache's version, flags and length, not its bytes, unless told to:
 * then it rejects a cache whose checksum (written into every cache) does not match. Set before the
 * first compile, so writer and reader run with the same flags (V8 rejects a cache made under others).
 * Cheaper than a digest of our own: that loaded OpenSSL, 20-35 ms of a cold command.
 */
v8.setFlagsFromString('--verify-snapshot-checksum');
const LONG_RUN_MS = 10_000;

function readCache(cacheFile: string): Buffer | undefined {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

function writeCache(cacheFile: string, script: vm.Script): void {
  const temp = `${cacheFile}.${process.pid}.tmp`;
  try {
    const data = script.createCachedData();
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(temp, data);
    // Another process reads either the old file or the whole new one.
    renameSync(temp, cacheFile);
    pruneStaleCodeCaches(cacheFile);
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // the directory itself is unusable
    }
  }
}

/**
 * `require(file)` of an ASCII-only file already wrapped as a CommonJS function (cjs-wrapper.ts), through
 * the cache in `cacheFile` (null: no cache); returns the module's exports.
 */
export function requireWithCodeCache(file: string, cacheFile: string | null): unknown {
  // The build makes the bundle ASCII only (scripts/bundle-cli.mjs): Latin-1 reads it as is, without UTF-8 decoding.
  const source = readFileSync(file, 'latin1');
  if (!source.startsWith(CJS_HEAD)) throw new Error(`${file} is not a wrapped CLI bundle: run \`npm run build\``);
  const cachedData = cacheFile ? readCache(cacheFile) : undefined;
  const script = new vm.Script(source, {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (cacheFile && (!cachedData || script.cachedDataRejected)) {
    let written = false;
    const write = () => {
      if (!written) writeCache(cacheFile, script);
      written = true;
    };
    // A failed run (a mistyped command, bad input) leaves no file: it would only ever cache an error path.
    process.once('exit', (code) => {
      if (code === 0) write();
    });
    // A server or an MCP session often ends by a signal, without an exit event: it writes once it has run a while.
    setTimeout(write, LONG_RUN_MS).unref();
  }
  const module = { exports: {} };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}
