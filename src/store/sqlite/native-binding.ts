/**
 * Where better-sqlite3's compiled addon is, handed to it so that opening a database skips the
 * `bindings` package's search (it stats a dozen candidate paths: 10-20 ms of a cold command). Null
 * when the Release build is not where an install puts it (a Debug build, a relocated package):
 * better-sqlite3 then searches as it always did.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let found: string | null | undefined;

export function betterSqliteAddon(): string | null {
  if (found !== undefined) return found;
  try {
    const main = createRequire(import.meta.url).resolve('better-sqlite3');
    const addon = join(dirname(main), '..', 'build', 'Release', 'better_sqlite3.node');
    found = existsSync(addon) ? addon : null;
  } catch {
    found = null;
  }
  return found;
}

/** Options for `new Database(...)`: the addon's path when known, else nothing. */
export function nativeBindingOption(): { nativeBinding?: string } {
  const addon = betterSqliteAddon();
  return addon ? { nativeBinding: addon } : {};
}
