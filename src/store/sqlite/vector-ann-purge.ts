import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { tempPathFor } from '../../vector/atomic-file.js';
import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { manifestPath, purgedManifestText, readHeader } from './vector-ann-files.js';
import { purgeGeneration } from './purge-marker.js';

/**
 * usearch's `remove` only marks a key deleted: the vector's bytes stay in the graph, in memory and
 * in every later save. So after a purge, the purging process rewrites the saved graph of each kind
 * it touched without them (vector-ann-erase.ts), or, when it cannot, the saved graphs go (every
 * graph of the kind: one read before the purge holds them live, one saved after it holds them
 * removed) and the next index is built from the table, which no longer has them. Either way no
 * graph read before the purge is saved again (see saveAnnUnlessPurged).
 */

/**
 * Puts the purge's manifest (no graph, see purgedManifestText) in place, then deletes the graphs
 * and temp files of `kind`. `onlyGraph`: only when the manifest still names that graph (a save
 * that lost a race with a purge undoes itself without removing a newer save); its graph goes either way.
 */
export function removeAnnFiles(prefix: string, kind: VectorKind, onlyGraph?: string): void {
  const path = manifestPath(prefix, kind);
  const dir = dirname(prefix);
  if (onlyGraph !== undefined) {
    rmSync(join(dir, onlyGraph), { force: true });
    if (readHeader(path)?.graph !== onlyGraph) return;
  }
  // A kind never saved (below the HNSW threshold) gets no manifest: searches would read it each time.
  if (existsSync(path)) {
    const temp = tempPathFor(path);
    try {
      writeFileSync(temp, purgedManifestText(kind));
      renameSync(temp, path);
    } catch {
      // a read-only directory: the graphs still go below, and a manifest without its graph is rejected
      rmSync(temp, { force: true });
    }
  }
  rmSync(`${path}.verified`, { force: true });
  if (onlyGraph !== undefined) return;
  removeGraphs(prefix, kind);
}

/** Deletes the graphs and temp files of `kind` (not the manifest's own temp files), except the graph `keep`. */
export function removeGraphs(prefix: string, kind: VectorKind, keep?: string): void {
  const dir = dirname(prefix);
  const stem = `${basename(prefix)}.${kind}.`;
  const manifestTemp = `${basename(manifestPath(prefix, kind))}.`;
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name === keep || !name.startsWith(stem)) continue;
    if (name.endsWith('.usearch') || (name.endsWith('.tmp') && !name.startsWith(manifestTemp))) rmSync(join(dir, name), { force: true });
  }
}

/**
 * Saves through `save` (which returns the graph file's name) a graph whose vectors were read at
 * purge count `purges`, unless a purge has committed since: then nothing is saved, or (a purge
 * that committed during the save, here or in another process, and may have removed the files
 * before this one was in place) what was saved goes. False when it did not save.
 */
export function saveAnnUnlessPurged(conn: Connection, prefix: string, kind: VectorKind, purges: number, save: () => string): boolean {
  if (purgeGeneration(conn) !== purges) return false;
  const graph = save();
  if (purgeGeneration(conn) === purges) return true;
  removeAnnFiles(prefix, kind, graph);
  return false;
}

/** Why saved files read before the latest purge are not used. */
export function purgedSinceSave(saved: number, now: number): string {
  return `saved before a purge (purge count ${saved}, the database's ${now})`;
}
