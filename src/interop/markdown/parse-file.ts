import path from 'node:path';
import { slug } from '../../ingest/topic-key.js';
import { LIMITS } from '../../limits.js';
import { topicKeySchema } from '../../schemas.js';
import type { ParsedMemory } from '../parsed-memory.js';
import { type Frontmatter, splitFrontmatter } from './frontmatter.js';
import { portableFieldsOf } from './portable-fields.js';
import { CLAUDE_TYPES, fromFileType } from './type-mapping.js';
import { MEMORY_TIERS, MEMORY_TYPES, type MemoryTier } from '../../types.js';

/**
 * One memory file → a parsed memory; throws an Error whose message says what is wrong.
 * `fallbackTime` (the file's mtime) stands in for missing `created`/`updated`.
 */
export function parseMemoryFile(text: string, file: string, fallbackTime: string): ParsedMemory {
  const { data, body } = splitFrontmatter(text);
  const rawType = optionalString(data, 'mnemoType') ?? optionalString(data, 'type');
  if (!rawType) throw new Error(`frontmatter has no "type" (one of ${[...MEMORY_TYPES, ...CLAUDE_TYPES].join(', ')})`);
  const eventTime = optionalTime(data, 'eventTime') ?? optionalTime(data, 'date');
  const mapped = fromFileType(rawType.trim().toLowerCase(), eventTime !== null);
  if (!mapped) throw new Error(`unknown type "${rawType}": use one of ${[...MEMORY_TYPES, ...CLAUDE_TYPES].join(', ')}`);
  const name = optionalString(data, 'name')?.trim() || path.posix.basename(file, '.md');
  const description = optionalString(data, 'description')?.trim() ?? '';
  const content = body.trim() || description;
  if (!content) throw new Error('the memory is empty: no body and no description');
  if (content.length > LIMITS.maxContentChars) throw new Error(`content is longer than ${LIMITS.maxContentChars} characters`);
  const createdAt = optionalTime(data, 'created') ?? fallbackTime;
  const keyed = mapped.type === 'fact' || mapped.type === 'instruction';
  return {
    file,
    name,
    description,
    type: mapped.type,
    content,
    topicKey: keyed ? (topicKeyOf(data) ?? derivedKey(mapped.keyPrefix, name)) : null,
    eventTime: mapped.type === 'event' ? (eventTime ?? createdAt) : null,
    createdAt,
    updatedAt: optionalTime(data, 'updated') ?? createdAt,
    tags: [...new Set([...mapped.tags, ...tagsOf(data)])],
    importance: importanceOf(data),
    id: idOf(data),
    sessionId: sessionOf(data),
    sourceType: rawType,
    ...lifecycleOf(data),
    ...portableFieldsOf(data),
  };
}

function optionalString(data: Frontmatter, key: string): string | null {
  const v = data[key];
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new Error(`"${key}" must be text, not ${Array.isArray(v) ? 'a list' : 'a mapping'}`);
}

function optionalTime(data: Frontmatter, key: string): string | null {
  const v = optionalString(data, key);
  if (v === null || v.trim() === '') return null;
  const ms = Date.parse(v);
  if (Number.isNaN(ms)) throw new Error(`"${key}" is not a date or ISO-8601 time: ${JSON.stringify(v)}`);
  return new Date(ms).toISOString();
}

function topicKeyOf(data: Frontmatter): string | null {
  const key = optionalString(data, 'topicKey');
  if (key === null) return null;
  const r = topicKeySchema.safeParse(key);
  if (!r.success) throw new Error(`"topicKey" ${JSON.stringify(key)} must be dotted lowercase words, e.g. user.package_manager`);
  return key;
}

/** `user` + "User role" → `user.role` (the prefix is not repeated). */
function derivedKey(prefix: string | null, name: string): string | null {
  if (!prefix) return null;
  const s = slug(name).replace(new RegExp(`^${prefix}_`), '');
  return s ? `${prefix}.${s}` : null;
}

function tagsOf(data: Frontmatter): string[] {
  const v = data.tags;
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : String(v).split(',');
  return list.map((t) => String(t).trim()).filter(Boolean).slice(0, LIMITS.maxTags);
}

function importanceOf(data: Frontmatter): number | null {
  const v = data.importance;
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || v < 0 || v > 1) throw new Error(`"importance" must be a number from 0 to 1, not ${JSON.stringify(v)}`);
  return v;
}

function lifecycleOf(data: Frontmatter): Required<Pick<ParsedMemory, 'tier' | 'pinned'>> {
  const tier = optionalString(data, 'tier')?.trim().toLowerCase() ?? 'hot';
  if (!(MEMORY_TIERS as readonly string[]).includes(tier)) throw new Error(`unknown tier "${tier}": use hot or cold`);
  const pinned = data.pinned ?? false;
  if (typeof pinned !== 'boolean') throw new Error(`"pinned" must be true or false, not ${JSON.stringify(pinned)}`);
  return { tier: tier as MemoryTier, pinned };
}

function idOf(data: Frontmatter): string | null {
  const v = optionalString(data, 'id');
  if (v === null) return null;
  if (!/^[0-9a-f]{32}$/.test(v)) throw new Error(`"id" must be 32 lowercase hex characters (a mnemo memory id)`);
  return v;
}

function sessionOf(data: Frontmatter): string | null {
  const source = optionalString(data, 'source');
  const m = source ? /^session:(.+)$/.exec(source.trim()) : null;
  return m ? m[1].slice(0, LIMITS.maxIdChars) : null;
}
