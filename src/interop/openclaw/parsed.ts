import { oneLine } from '../../context/lines.js';
import type { MemoryType } from '../../types.js';
import type { ParsedMemory } from '../parsed-memory.js';

/** Fills the fields a note does not carry (name, description, times) for a parsed note. */
export function parsedMemory(p: { file: string; type: MemoryType; content: string; createdAt: string; sourceType: string; tags: string[]; topicKey?: string | null; eventTime?: string | null }): ParsedMemory {
  const createdAt = p.eventTime ?? p.createdAt;
  return {
    file: p.file,
    name: oneLine(p.content, 60),
    description: oneLine(p.content, 150),
    type: p.type,
    content: p.content,
    topicKey: p.type === 'fact' || p.type === 'instruction' ? (p.topicKey ?? null) : null,
    eventTime: p.type === 'event' ? (p.eventTime ?? createdAt) : null,
    createdAt,
    updatedAt: createdAt,
    tags: p.tags,
    importance: null,
    id: null,
    sessionId: null,
    sourceType: p.sourceType,
  };
}
