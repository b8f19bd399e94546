/**
 * Two-way map between string ids (memory/message ids) and the 64-bit keys usearch needs.
 * Keys are allocated sequentially and never reused, so a stale key can never alias a new id.
 * Serialized as text: a header line with the next key, then one "key\tid" line per entry.
 */
export class IdKeyMap {
  private readonly byId = new Map<string, bigint>();
  /** By key as a number: Map lookups by BigInt hash slowly (keys stay far below 2^53). */
  private readonly byKey = new Map<number, string>();
  private next = 1n;

  get size(): number {
    return this.byId.size;
  }

  keyOf(id: string): bigint | undefined {
    return this.byId.get(id);
  }

  idOf(key: bigint | number): string | undefined {
    return this.byKey.get(Number(key));
  }

  /** The existing key of `id`, or a fresh one. */
  assign(id: string): bigint {
    let key = this.byId.get(id);
    if (key === undefined) {
      key = this.next++;
      this.byId.set(id, key);
      this.byKey.set(Number(key), id);
    }
    return key;
  }

  delete(id: string): bigint | undefined {
    const key = this.byId.get(id);
    if (key === undefined) return undefined;
    this.byId.delete(id);
    this.byKey.delete(Number(key));
    return key;
  }

  entries(): IterableIterator<[string, bigint]> {
    return this.byId.entries();
  }

  serialize(): string {
    const lines = [`mnemo-idmap 1 ${this.next}`];
    for (const [id, key] of this.byId) lines.push(`${key}\t${id}`);
    return lines.join('\n') + '\n';
  }

  static parse(text: string): IdKeyMap {
    const lines = text.split('\n');
    const header = /^mnemo-idmap 1 (\d+)$/.exec(lines[0] ?? '');
    if (!header) throw new Error('not an id map file');
    const map = new IdKeyMap();
    map.next = BigInt(header[1]);
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i];
      if (!line) continue;
      const tab = line.indexOf('\t');
      const key = BigInt(line.slice(0, tab));
      const id = line.slice(tab + 1);
      map.byId.set(id, key);
      map.byKey.set(Number(key), id);
    }
    return map;
  }
}
