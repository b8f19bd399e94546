/**
 * Where better-sqlite3's compiled addon is, handed to it so that opening a database skips the
 * `bindings` package's search (it stats a dozen candidate paths: 10-20 ms of a cold command). When
 * the Release build is not where an install puts it (a Debug build), the addon is found by that
 * same search, rooted at better-sqlite3's own directory, and handed over by path too: the CLI bundle
 * carries better-sqlite3's JavaScript, from where `bindings` would search the bundle's package.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let found: string | null | undefined;
let searched: string | undefined;

/** better-sqlite3's package directory, or null when it cannot be resolved. */
function packageRoot(): { root: string; main: string } | null {
  try {
    const main = createRequire(import.meta.url).resolve('better-sqlite3');
    return { root: join(dirname(main), '..'), main };
  } catch {
    return null;
  }
}

export function betterSqliteAddon(): string | null {
  if (found !== undefined) return found;
  const pkg = packageRoot();
  const addon = pkg ? join(pkg.root, 'build', 'Release', 'better_sqlite3.node') : null;
  found = addon && existsSync(addon) ? addon : null;
  return found;
}

/** The addon's path as better-sqlite3 itself would find it (`bindings`), for builds not at the Release path. */
export function searchedAddon(): string | undefined {
  if (searched) return searched;
  const pkg = packageRoot();
  if (!pkg) return undefined;
  const bindings = createRequire(pkg.main)('bindings') as (opts: { bindings: string; module_root: string; path: true }) => string;
  searched = bindings({ bindings: 'better_sqlite3.node', module_root: pkg.root, path: true });
  return searched;
}

/** Options for `new Database(...)`: the addon's path, where an install puts it or as searched. */
export function nativeBindingOption(): { nativeBinding?: string } {
  const addon = betterSqliteAddon();
  if (addon) return { nativeBinding: addon };
  const loaded = searchedAddon();
  return loaded ? { nativeBinding: loaded } : {};
}
