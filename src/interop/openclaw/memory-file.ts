import { LIMITS } from '../../limits.js';
import { deriveTopicKey, slug } from '../../ingest/topic-key.js';
import type { FileError, ParsedMemory } from '../parsed-memory.js';
import { type NoteBlock, noteBlocks, plainText } from './blocks.js';
import { checkbox, isImperative, isRuleSection, labelOf, sectionPrefix } from './classify.js';
import { parsedMemory } from './parsed.js';

const DATED = /^(\d{4}-\d{2}-\d{2})(?:\s*[:—–-])?\s+(.+)$/;

/**
 * `MEMORY.md`, the curated long-term notes. Each bullet (with its nested bullets folded in) and
 * each paragraph becomes one memory:
 * - a bullet starting with a date (`2026-03-15: Chose …`) → event on that date;
 * - an open checkbox or TODO → task;
 * - an imperative bullet, or any bullet under a rules/preferences heading → instruction;
 * - anything else → fact. `Label: value` and `**Name** — …` bullets get the topic key
 *   `<section>.<label>` (sections map to user / project / people / their own slug).
 */
export function parseMemoryNotes(text: string, file: string, mtime: string): { memories: ParsedMemory[]; errors: FileError[] } {
  const memories: ParsedMemory[] = [];
  const errors: FileError[] = [];
  for (const block of noteBlocks(text)) {
    const parsed = fromBlock(block, file, mtime);
    if (parsed.content.length > LIMITS.maxContentChars) errors.push({ file, message: `line ${block.line}: note is longer than ${LIMITS.maxContentChars} characters` });
    else memories.push(parsed);
  }
  return { memories, errors };
}

function fromBlock(block: NoteBlock, file: string, mtime: string): ParsedMemory {
  const children = block.children.map(plainText);
  const box = checkbox(block.text);
  const own = plainText(box.text);
  const full = children.length ? `${own}: ${children.join('; ')}` : own;
  const dated = DATED.exec(own);
  const base = { file, createdAt: mtime, sourceType: 'openclaw:MEMORY.md', tags: ['openclaw'] };
  if (dated && !Number.isNaN(Date.parse(dated[1]))) {
    const content = children.length ? `${dated[2]}: ${children.join('; ')}` : dated[2];
    return parsedMemory({ ...base, type: 'event', content, eventTime: new Date(dated[1]).toISOString() });
  }
  if (box.open) return parsedMemory({ ...base, type: 'task', content: full });
  const heading = plainText(block.heading);
  const instruction = block.kind === 'bullet' && (isImperative(own) || isRuleSection(heading));
  const type = instruction ? 'instruction' : 'fact';
  const label = block.kind === 'bullet' ? labelOf(box.text) : null;
  const topicKey = label ? keyOf(sectionPrefix(heading), label) : deriveTopicKey(own, 'user', type);
  const content = label && /:/.test(own.slice(0, label.length + 2)) && heading ? `${heading} — ${full}` : full;
  return parsedMemory({ ...base, type, content, topicKey });
}

function keyOf(prefix: string, label: string): string | null {
  const attr = slug(label);
  return attr ? `${prefix}.${attr}` : null;
}
