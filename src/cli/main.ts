#!/usr/bin/env node
/** The `mnemo` binary: parse, run, map any error to a message and an exit code (never a stack trace unless MNEMO_DEBUG=1). */
import './short-lived-v8.js';
import { createProgram } from './program.js';
import { reportError } from './report-error.js';

const argv = process.argv;
const json = argv.includes('--json');

try {
  await (await createProgram({ json, argv })).parseAsync(argv);
} catch (err) {
  process.exitCode = reportError(err, json);
}
