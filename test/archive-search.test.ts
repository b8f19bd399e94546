import { describe, expect, it } from 'vitest';
import { ArchiveSearch } from '../src/lifecycle/archive.js';
import type { ArchiveEntry } from '../src/store/lifecycle-store.js';

const session = (key: string, terms: string[], memberIds: string[]): ArchiveEntry => ({ kind: 'session', key, terms, memberIds });

describe('archive lookup', () => {
  it('finds the session holding the question words, led by its rarest word', () => {
    const archive = new ArchiveSearch([
      session('s-1', ['deploy', 'staging', 'kubernetes'], ['m1']),
      session('s-2', ['deploy', 'billing'], ['m2']),
    ]);
    expect(archive.search(['deploy', 'staging', 'kubernetes']).memberIds).toEqual(['m1']);
  });

  it('tests no session when even the rarest question words are listed by thousands of sessions', () => {
    const common = Array.from({ length: 2_500 }, (_, i) => session(`s-${i}`, ['weekly', 'report', 'ticket'], [`m${i}`]));
    const archive = new ArchiveSearch([...common, session('s-rare', ['weekly', 'report', 'zanzibar'], ['rare'])]);
    expect(archive.search(['weekly', 'report', 'ticket'])).toEqual({ entries: [], memberIds: [] });
    expect(archive.search(['weekly', 'report', 'zanzibar']).memberIds).toEqual(['rare']);
  });

  it('reads no more members than asked, however many an entry lists', () => {
    const members = Array.from({ length: 5_000 }, (_, i) => `m${i}`);
    const archive = new ArchiveSearch([session('s-big', ['pottery', 'classes', 'weekend'], members)]);
    expect(archive.search(['pottery', 'classes', 'weekend'], 20).memberIds).toEqual(members.slice(0, 20));
  });
});
