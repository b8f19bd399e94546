import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { nodeCrypto } from '../../lazy-crypto.js';
import { tempPathFor } from '../../vector/atomic-file.js';
import type { VectorKind } from '../store.js';
import type { Connection } from './connection.js';
import { purgeGeneration } from './purge-marker.js';
import { type AnnManifest, fileChecksum, fileStamp, graphPath, manifestPath, readAnnFiles, readHeader } from './vector-ann-files.js';
import { copyGraphErasing } from './vector-ann-graph-erase.js';
import { removeAnnFiles, removeGraphs } from './vector-ann-purge.js';

/**
 * After a purge (this process's, which made the database's purge count `purges`), the saved graph
 * of `kind` is replaced by a copy with the purged owners' vector bytes overwritten (and those of
 * every removed node, see copyGraphErasing), under a manifest recording the new count, so the next
 * process loads it instead of building the graph from the table. The purged keys stay in the graph
 * until the log replay after the checkpoint removes them, as for any deletion since a save.
 * Only a graph saved at the count just before this purge is rewritten: an older one may hold
 * vectors an earlier purge erased. Anything else (no such manifest, a graph this cannot read, a
 * save racing the rewrite, an error) falls back to removing the files (removeAnnFiles).
 * Returns whether the rewritten graph is in place.
 */
export function eraseFromAnnFiles(conn: Connection, prefix: string, kind: VectorKind, purgedIds: ReadonlySet<string>, purges: number): boolean {
  let written: string | null = null;
  try {
    const files = readAnnFiles(prefix, kind, 'stamp');
    if (!files || (files.manifest.purges ?? 0) !== purges - 1) throw new Error('no graph saved just before the purge');
    const { manifest, idsText } = files;
    const keys = purgedKeys(idsText, purgedIds);
    const graph = `${basename(prefix)}.${kind}.${nodeCrypto().randomUUID().slice(0, 8)}.usearch`;
    written = graphPath(prefix, graph);
    copyGraphErasing(files.graphPath, written, (key) => keys.has(key));
    const rewritten: AnnManifest = {
      ...manifest, graph, checksum: fileChecksum(written), bytes: statSync(written).size, stamp: fileStamp(written), purges,
    };
    const path = manifestPath(prefix, kind);
    const temp = tempPathFor(path);
    try {
      writeFileSync(temp, `${JSON.stringify(rewritten)}\n${idsText}`);
      // A save or purge since the read above: its manifest is not overwritten with an older graph.
      const now = readHeader(path);
      if (now?.graph !== manifest.graph || now.checksum !== manifest.checksum) throw new Error('the saved graph changed during the rewrite');
      renameSync(temp, path);
    } catch (err) {
      rmSync(temp, { force: true });
      throw err;
    }
    rmSync(`${path}.verified`, { force: true });
    removeGraphs(prefix, kind, graph);
    // A later purge (another process's) that removed the files before this rename: the rewritten
    // graph may hold its vectors, and goes as a losing save's does (see saveAnnUnlessPurged).
    if (purgeGeneration(conn) === purges) return true;
    removeAnnFiles(prefix, kind, graph);
    return false;
  } catch {
    if (written) rmSync(written, { force: true });
    removeAnnFiles(prefix, kind);
    return false;
  }
}

/** The keys the id map text (key TAB id lines after a header) gives the ids. */
function purgedKeys(idsText: string, ids: ReadonlySet<string>): Set<number> {
  const keys = new Set<number>();
  if (ids.size === 0) return keys;
  for (const line of idsText.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0 && ids.has(line.slice(tab + 1))) keys.add(Number(line.slice(0, tab)));
  }
  return keys;
}
