import { describe, expect, it } from 'vitest';
import { derivedMemory, offlineContent } from '../src/consolidation/compose.js';
import type { ConsolidationGroup } from '../src/consolidation/types.js';
import type { Memory } from '../src/types.js';
import { mem } from './contract/harness.js';

function member(content: string, day: number, source: string): Memory {
  const at = `2024-03-0${day}T10:00:00.000Z`;
  return { ...mem(content, { sourceMessageIds: [source], queries: [`q ${source}`] }), status: 'active', supersededBy: null, createdAt: at, updatedAt: at, derivedFrom: [] } as Memory;
}

function merge(members: Memory[]): ConsolidationGroup {
  return { key: 'merge:test', kind: 'merge', label: 'Ann', subject: 'Ann', members };
}

describe('the statement a merge keeps', () => {
  it('is the one the other members restate, neither the oldest nor the newest here', () => {
    const members = [
      member('Ann paints landscapes with watercolors every weekend', 1, 'a'),
      member('Ann paints landscapes with watercolors every weekend by the lake', 2, 'b'),
      member('Ann paints landscapes by the lake with watercolors', 3, 'c'),
    ];
    const group = merge(members);
    expect(offlineContent(group)).toBe(members[1]!.content);
    const written = derivedMemory(group, offlineContent(group), null).memory;
    // derivedFrom[0] names the kept statement: recall lifts the merge by that statement's turns.
    expect(written.derivedFrom).toEqual([members[1]!.id, members[0]!.id, members[2]!.id]);
    expect(written.queries).toEqual(['q b']);
    expect([...written.sourceMessageIds].sort()).toEqual(['a', 'b', 'c']);
  });

  it('is the newer of two restatements, as supersession keeps the newer value', () => {
    const members = [member('Ann paints landscapes with watercolors', 1, 'a'), member('Ann paints landscapes with watercolors now', 2, 'b')];
    expect(offlineContent(merge(members))).toBe(members[1]!.content);
  });
});
