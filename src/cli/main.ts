#!/usr/bin/env node
/** The `mnemo` binary as tsc builds it (dist/cli/main.js); the installed one is the bundle behind bin.ts. */
import './short-lived-v8.js';
import { run } from './run.js';

await run(process.argv);
