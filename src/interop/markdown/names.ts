import type { Memory } from '../../types.js';
import { oneLine } from '../../context/lines.js';

/** A short title: the topic key when there is one, else the first words of the content. */
export function nameFor(m: Memory): string {
  if (m.topicKey) return m.topicKey;
  const words = oneLine(m.content, 200).split(' ').slice(0, 8).join(' ');
  return words.replace(/[.,;:!?]+$/, '');
}

export function descriptionFor(m: Memory): string {
  return oneLine(m.content, 150);
}

export function fileSlug(name: string): string {
  return name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 50).replace(/-+$/, '') || 'memory';
}

/** `<slug>-<first 8 of id>.md`: readable, and unique because the id is. */
export function fileNameFor(m: Memory, name = nameFor(m)): string {
  return `${fileSlug(name)}-${m.id.slice(0, 8)}.md`;
}

/** Names made unique within one export: a repeated name gets its id prefix appended. */
export function uniqueNames(memories: Memory[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const m of memories) counts.set(nameFor(m), (counts.get(nameFor(m)) ?? 0) + 1);
  return new Map(memories.map((m) => {
    const n = nameFor(m);
    return [m.id, (counts.get(n) ?? 0) > 1 ? `${n} (${m.id.slice(0, 8)})` : n];
  }));
}
