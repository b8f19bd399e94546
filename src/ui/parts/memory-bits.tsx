/** @jsxImportSource hono/jsx */
import type { Memory } from '../../types.js';
import { truncate } from '../format.js';
import { paths } from '../paths.js';

export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge ${status}`}>{status}</span>;
}

/** Memory text as inert text: a link to the memory with the content escaped by JSX. */
export function MemoryLink({ profile, memory, max = 160 }: { profile: string; memory: Pick<Memory, 'id' | 'content'>; max?: number }) {
  return <a class="content" href={paths.memory(profile, memory.id)}>{truncate(memory.content, max)}</a>;
}

/** The tier and salience a memory carries (salience is computed on list and recall reads only). */
export function tierOf(m: Memory): string {
  return m.tier ?? '—';
}
