import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportMarkdown, MAX_INDEX_LINES, readMarkdownFolder } from '../src/interop/markdown/index.js';
import type { Memory, MemoryType } from '../src/types.js';

const CLAUDE_FIXTURE = fileURLToPath(new URL('./fixtures/markdown/claude-code/', import.meta.url));

let n = 0;
function mem(type: MemoryType, content: string, extra: Partial<Memory> = {}): Memory {
  n++;
  const at = new Date(Date.UTC(2026, 0, 1) + n * 3600_000).toISOString();
  return {
    id: (0xabc00000 + n).toString(16).padEnd(32, '0'), type, content, topicKey: null, eventTime: null, sessionId: 'default',
    sourceMessageIds: [], queries: [], tags: [], importance: 0.5, status: 'active', supersededBy: null,
    createdAt: at, updatedAt: at, tier: 'hot', accessCount: 0, lastAccessedAt: null, pinned: false, halfLifeDays: null, metadata: {}, userId: null, agentId: null, runId: null, derivedFrom: [], expiresAt: null, attachment: null, ...extra,
  };
}

let dir: string;
beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'mnemo-md-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sample = () => [
  mem('fact', 'The project uses pnpm.', { topicKey: 'project.package_manager', importance: 0.8, tags: ['tooling'] }),
  mem('instruction', 'Always run lint before deploying.', { topicKey: 'user.deploy_rule' }),
  mem('event', 'Deployed v2.3 to production.\n\nRollback plan: redeploy v2.2.', { eventTime: '2026-04-15T10:00:00.000Z' }),
  mem('event', 'Met the Acme team about the "data: export" API.', { eventTime: '2026-04-16T09:30:00.000Z', sessionId: null }),
  mem('task', 'Waiting on review for PR #123.'),
  mem('fact', 'Old database was MySQL.', { topicKey: 'project.database', status: 'superseded' }),
];

describe('Markdown export → read', () => {
  it('round-trips content, type, topic key, dates, tags and ids of active memories', async () => {
    const memories = sample();
    const res = await exportMarkdown(memories, dir);
    expect(res.files).toHaveLength(5);
    expect(res.files[0]).toMatch(/^project-package-manager-abc00001\.md$/);
    const back = await readMarkdownFolder(dir);
    expect(back.errors).toEqual([]);
    const byId = new Map(back.memories.map((p) => [p.id, p]));
    for (const m of memories.filter((x) => x.status === 'active')) {
      const p = byId.get(m.id)!;
      expect(p, m.content).toBeDefined();
      expect({ type: p.type, content: p.content, topicKey: p.topicKey, eventTime: p.eventTime, createdAt: p.createdAt, updatedAt: p.updatedAt, tags: p.tags, importance: p.importance, sessionId: p.sessionId })
        .toEqual({ type: m.type, content: m.content, topicKey: m.topicKey, eventTime: m.eventTime, createdAt: m.createdAt, updatedAt: m.updatedAt, tags: m.tags, importance: m.importance, sessionId: m.sessionId });
    }
  });

  it('writes frontmatter, a grouped MEMORY.md index and a per-day event timeline', async () => {
    const res = await exportMarkdown(sample(), dir);
    const file = readFileSync(path.join(dir, res.files[0]), 'utf8');
    expect(file).toMatch(/^---\nname: project\.package_manager\ndescription: The project uses pnpm\.\ntype: fact\nid: [0-9a-f]{32}\n/);
    expect(file).toContain('decay: keep');
    expect(file).toContain('source: session:default');
    const index = readFileSync(path.join(dir, 'MEMORY.md'), 'utf8');
    expect(index).toMatch(/## Instructions\n- \[user\.deploy_rule\]\(user-deploy-rule-[0-9a-f]{8}\.md\) — Always run lint before deploying\./);
    expect(index.indexOf('## Instructions')).toBeLessThan(index.indexOf('## Facts'));
    expect(index).not.toContain('MySQL');
    expect(readdirSync(path.join(dir, 'timeline')).sort()).toEqual(['2026-04-15.jsonl', '2026-04-16.jsonl']);
    const line = JSON.parse(readFileSync(path.join(dir, 'timeline/2026-04-15.jsonl'), 'utf8'));
    expect(line).toMatchObject({ eventTime: '2026-04-15T10:00:00.000Z', content: expect.stringContaining('Deployed v2.3') });
  });

  it('keeps MEMORY.md at 200 lines and summarizes the rest as a count', async () => {
    const many = Array.from({ length: 300 }, (_, i) => mem(i % 2 ? 'fact' : 'instruction', `Memory number ${i} about topic ${i}.`));
    await exportMarkdown(many, dir);
    const lines = readFileSync(path.join(dir, 'MEMORY.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(MAX_INDEX_LINES);
    const listed = lines.filter((l) => l.startsWith('- [')).length;
    expect(lines.at(-1)).toBe(`- …and ${300 - listed} more memories not listed here (see the files in this folder)`);
    expect((await readMarkdownFolder(dir)).memories).toHaveLength(300);
  });

  it('writes the Claude Code flavor and reads it back to the same types', async () => {
    const memories = [...sample(), mem('fact', 'Pipeline bugs live in Linear INGEST.', { tags: ['reference'], topicKey: 'reference.pipeline_bugs' })];
    await exportMarkdown(memories, dir, { flavor: 'claude' });
    const texts = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'MEMORY.md').map((f) => readFileSync(path.join(dir, f), 'utf8'));
    const types = texts.map((t) => /\ntype: (\w+)/.exec(t)![1]).sort();
    expect(types).toEqual(['feedback', 'project', 'project', 'project', 'project', 'reference']);
    const back = await readMarkdownFolder(dir);
    expect(back.memories.map((p) => p.type).sort()).toEqual(['event', 'event', 'fact', 'fact', 'instruction', 'task']);
  });
});

describe('Claude Code memory folder', () => {
  it('maps user / feedback / project / reference onto mnemo types and keys', async () => {
    const { memories, errors } = await readMarkdownFolder(CLAUDE_FIXTURE);
    expect(errors).toEqual([]);
    const got = Object.fromEntries(memories.map((p) => [p.file, { type: p.type, topicKey: p.topicKey, eventTime: p.eventTime, tags: p.tags }]));
    expect(got).toEqual({
      'feedback_terse.md': { type: 'instruction', topicKey: 'feedback.terse_replies', eventTime: null, tags: [] },
      'feedback_testing.md': { type: 'instruction', topicKey: 'feedback.testing_feedback', eventTime: null, tags: [] },
      'project_auth_rewrite.md': { type: 'fact', topicKey: 'project.auth_rewrite', eventTime: null, tags: [] },
      'project_merge_freeze.md': { type: 'event', topicKey: null, eventTime: '2026-03-05T00:00:00.000Z', tags: [] },
      'reference_linear.md': { type: 'fact', topicKey: 'reference.pipeline_bugs', eventTime: null, tags: ['reference'] },
      'user_role.md': { type: 'fact', topicKey: 'user.role', eventTime: null, tags: [] },
    });
    const testing = memories.find((p) => p.file === 'feedback_testing.md')!;
    expect(testing.content).toContain('**Why:** last quarter');
    expect(testing.sourceType).toBe('feedback');
  });
});

describe('bad input: one clear error per file', () => {
  it('reports malformed frontmatter, unknown types, duplicates and escaping paths', async () => {
    const w = (f: string, text: string) => writeFileSync(path.join(dir, f), text);
    w('ok.md', '---\nname: Fine\ntype: fact\n---\nThe sky is blue.\n');
    w('no-front.md', 'Just text without frontmatter.\n');
    w('unclosed.md', '---\nname: Unclosed\ntype: fact\nThe body never starts.\n');
    w('bad-yaml.md', '---\nname: [unclosed\ntype: fact\n---\nBody.\n');
    w('dup-key.md', '---\nname: A\nname: B\ntype: fact\n---\nBody.\n');
    w('unknown-type.md', '---\nname: Strange\ntype: opinion\n---\nBody.\n');
    w('z-dup-name.md', '---\nname: fine\ntype: fact\n---\nAnother body.\n');
    w('bad-date.md', '---\nname: Dated\ntype: event\neventTime: last tuesday\n---\nSomething happened.\n');
    w('empty.md', '---\nname: Empty\ntype: fact\n---\n\n');
    w('bad-key.md', '---\nname: Keyed\ntype: fact\ntopicKey: Not A Key\n---\nBody.\n');
    const outside = mkdtempSync(path.join(tmpdir(), 'mnemo-outside-'));
    writeFileSync(path.join(outside, 'secret.md'), '---\nname: Outside\ntype: fact\n---\nShould never be read.\n');
    symlinkSync(path.join(outside, 'secret.md'), path.join(dir, 'link.md'));
    w('MEMORY.md', '- [Escape](../../etc/passwd) — nope\n');
    const { memories, errors } = await readMarkdownFolder(dir);
    rmSync(outside, { recursive: true, force: true });
    expect(memories.map((m) => m.file)).toEqual(['ok.md']);
    const byFile = Object.fromEntries(errors.map((e) => [e.file, e.message]));
    expect(Object.keys(byFile).sort()).toEqual(['MEMORY.md', 'bad-date.md', 'bad-key.md', 'bad-yaml.md', 'dup-key.md', 'empty.md', 'link.md', 'no-front.md', 'unclosed.md', 'unknown-type.md', 'z-dup-name.md']);
    expect(byFile['no-front.md']).toMatch(/missing YAML frontmatter/);
    expect(byFile['unclosed.md']).toMatch(/not closed/);
    expect(byFile['bad-yaml.md']).toMatch(/malformed YAML/);
    expect(byFile['dup-key.md']).toMatch(/malformed YAML.*unique/i);
    expect(byFile['unknown-type.md']).toMatch(/unknown type "opinion"/);
    expect(byFile['z-dup-name.md']).toMatch(/duplicate name "fine" \(also used by ok\.md\)/);
    expect(byFile['bad-date.md']).toMatch(/"eventTime" is not a date/);
    expect(byFile['empty.md']).toMatch(/empty/);
    expect(byFile['bad-key.md']).toMatch(/topicKey/);
    expect(byFile['link.md']).toMatch(/symlink points outside the folder/);
    expect(byFile['MEMORY.md']).toMatch(/escapes the folder/);
  });

  it('ignores the timeline folder and dot files', async () => {
    await exportMarkdown(sample(), dir);
    mkdirSync(path.join(dir, '.obsidian'));
    writeFileSync(path.join(dir, '.obsidian', 'x.md'), 'not a memory');
    const { memories, errors } = await readMarkdownFolder(dir);
    expect(errors).toEqual([]);
    expect(memories).toHaveLength(5);
  });
});
