/**
 * The CommonJS function wrapper, written around the CLI bundle by the build (scripts/bundle-cli.mjs)
 * so that the binary compiles the file as read: adding it at run time made a second, flat copy of the
 * whole source in V8's heap. It starts on the source's first line, so stack traces keep the bundle's
 * line numbers.
 */
export const CJS_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
export const CJS_TAIL = '\n})';
