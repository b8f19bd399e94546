#!/usr/bin/env node
/**
 * The installed `mnemo` binary (dist/bin/mnemo.js): runs the CLI bundle beside it (dist/bin/mnemo-cli.cjs)
 * through V8's code cache. The bundle's content hash is set by the build (scripts/bundle-cli.mjs).
 */
// First: V8 rejects a code cache made under other flags.
import './short-lived-v8.js';
import { fileURLToPath } from 'node:url';
import { codeCacheFile } from './code-cache-dir.js';
import { requireWithCodeCache } from './code-cache.js';

declare const MNEMO_CLI_BUNDLE_HASH: string | undefined;
const hash = typeof MNEMO_CLI_BUNDLE_HASH === 'string' ? MNEMO_CLI_BUNDLE_HASH : null;

const bundle = fileURLToPath(new URL('./mnemo-cli.cjs', import.meta.url));
const cli = requireWithCodeCache(bundle, hash ? codeCacheFile(hash, process.argv) : null) as typeof import('./run.js');
await cli.run(process.argv);
