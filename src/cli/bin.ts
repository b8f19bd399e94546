#!/usr/bin/env node
/**
 * The installed `mnemo` binary (dist/bin/mnemo.cjs; dist/bin/mnemo.js is the same as an ES module):
 * runs a CLI bundle beside it through V8's code cache: the command's own bundle when the build made
 * one (dist/bin/mnemo-cli-recall.cjs), else the bundle of every command (dist/bin/mnemo-cli.cjs).
 * Both are set by the build (scripts/bundle-cli.mjs).
 */
// First: V8 rejects a code cache made under other flags.
import './short-lived-v8.js';
import { fileURLToPath } from 'node:url';
import { codeCacheFile } from './code-cache-dir.js';
import { requireWithCodeCache } from './code-cache.js';
import { commandName } from './command-name.js';

declare const MNEMO_CLI_BUNDLE_HASH: string | undefined;
declare const MNEMO_CLI_OWN_BUNDLES: string[] | undefined;
const hash = typeof MNEMO_CLI_BUNDLE_HASH === 'string' ? MNEMO_CLI_BUNDLE_HASH : null;
const ownBundles = typeof MNEMO_CLI_OWN_BUNDLES === 'object' ? MNEMO_CLI_OWN_BUNDLES : [];

const command = commandName(process.argv);
const bundle = command !== null && ownBundles.includes(command) ? `./mnemo-cli-${command}.cjs` : './mnemo-cli.cjs';
const cli = requireWithCodeCache(fileURLToPath(new URL(bundle, import.meta.url)), hash ? codeCacheFile(hash, process.argv) : null) as typeof import('./run.js');
// Not awaited: the CommonJS build has no top-level await, and run() reports every error itself.
void cli.run(process.argv);
