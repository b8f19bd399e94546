/**
 * The versioned JSON export (`mnemo-export`, version 1): the schema imports are validated with.
 *
 * Round trip: export → import into an empty profile → export yields the same document except
 * - `exportedAt` (the time of each export) and `profile` (the target profile's name);
 * - `audit[].id`: audit ids are renumbered on load (order and content are kept);
 * - `messages[].seq` when the profile already has messages (new ones are appended after them;
 *   an empty profile keeps them), under either strategy.
 * Everything else — every message, every memory in every status, timestamps, provenance,
 * supersession pointers — comes back identical. `comparableExport` strips exactly these fields.
 */
import { z } from 'zod';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportDocument } from '../api.js';
import { attachmentSchema } from '../attachments/schema.js';
import { MnemoError } from '../errors.js';
import { MEMORY_STATUSES, MEMORY_TIERS, MEMORY_TYPES, ROLES } from '../types.js';

const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not an ISO-8601 time');
const hexId = z.string().regex(/^[0-9a-f]{32}$/, 'must be 32 lowercase hex characters');
const metadata = z.record(z.string(), z.unknown()).nullable();

export const storedMessageSchema = z.object({
  id: hexId,
  sessionId: z.string().min(1),
  role: z.enum(ROLES),
  content: z.string(),
  timestamp: isoTime.nullable(),
  metadata,
  seq: z.number().int().nonnegative(),
  createdAt: isoTime,
});

export const memorySchema = z.object({
  id: hexId,
  type: z.enum(MEMORY_TYPES),
  content: z.string().min(1, 'content is empty'),
  topicKey: z.string().nullable(),
  eventTime: isoTime.nullable(),
  sessionId: z.string().nullable(),
  sourceMessageIds: z.array(z.string()),
  queries: z.array(z.string()),
  tags: z.array(z.string()),
  importance: z.number().min(0).max(1),
  status: z.enum(MEMORY_STATUSES),
  supersededBy: hexId.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  // Scope (absent in exports written before it existed).
  metadata: z.record(z.string(), z.unknown()).default({}),
  userId: z.string().nullable().default(null),
  agentId: z.string().nullable().default(null),
  runId: z.string().nullable().default(null),
  // Task expiry and perceptual attachment (absent in exports written before they existed).
  expiresAt: isoTime.nullable().default(null),
  attachment: attachmentSchema.nullable().default(null),
  // Lifecycle (absent in exports written before it existed; see src/lifecycle).
  tier: z.enum(MEMORY_TIERS, { error: 'tier must be "hot" or "cold"' }).default('hot'),
  accessCount: z.number().int().nonnegative().default(0),
  lastAccessedAt: isoTime.nullable().default(null),
  pinned: z.boolean().default(false),
  halfLifeDays: z.number().positive('halfLifeDays must be a positive number of days (or null)').nullable().default(null),
  // Consolidation (absent in exports written before it existed; see src/consolidation).
  derivedFrom: z.array(hexId).default([]),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoTime,
  action: z.enum(['write', 'supersede', 'forget', 'purge', 'status', 'import', 'job_failed']),
  memoryId: z.string().nullable(),
  detail: metadata,
});

export const exportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT, { error: `format must be "${EXPORT_FORMAT}"` }),
  version: z.literal(EXPORT_VERSION, { error: `unsupported version; this mnemo reads version ${EXPORT_VERSION}` }),
  profile: z.string(),
  exportedAt: isoTime,
  messages: z.array(storedMessageSchema),
  memories: z.array(memorySchema),
  audit: z.array(auditEntrySchema),
});

const MAX_REPORTED_ISSUES = 10;

/** Validates an import document; throws MnemoError('invalid_input') listing `path: problem` per issue. */
export function parseExportDocument(doc: unknown): ExportDocument {
  const r = exportDocumentSchema.safeParse(doc);
  if (r.success) return checkReferences(r.data as ExportDocument);
  const problems = r.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message }));
  const shown = problems.slice(0, MAX_REPORTED_ISSUES).map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
  const more = problems.length > MAX_REPORTED_ISSUES ? ` (and ${problems.length - MAX_REPORTED_ISSUES} more)` : '';
  throw new MnemoError('invalid_input', `invalid export document: ${shown.join('; ')}${more}`, { problems });
}

/** Ids must be unique and supersession pointers must land inside the document. */
function checkReferences(doc: ExportDocument): ExportDocument {
  const problems: { path: string; message: string }[] = [];
  const ids = new Map<string, number>();
  doc.memories.forEach((m, i) => {
    if (ids.has(m.id)) problems.push({ path: `memories[${i}].id`, message: `duplicate of memories[${ids.get(m.id)}].id` });
    else ids.set(m.id, i);
  });
  doc.memories.forEach((m, i) => {
    if (m.supersededBy && !ids.has(m.supersededBy)) problems.push({ path: `memories[${i}].supersededBy`, message: `points at ${m.supersededBy}, which is not in the document` });
  });
  if (!problems.length) return doc;
  const text = problems.slice(0, MAX_REPORTED_ISSUES).map((p) => `${p.path}: ${p.message}`).join('; ');
  throw new MnemoError('invalid_input', `invalid export document: ${text}`, { problems });
}

export function formatPath(path: PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').replace(/^\./, '');
}

/** The document without the fields that legitimately change on a round trip (see above). */
export function comparableExport(doc: ExportDocument): Omit<ExportDocument, 'exportedAt' | 'profile' | 'audit'> & { audit: Omit<ExportDocument['audit'][number], 'id'>[] } {
  const { exportedAt: _t, profile: _p, audit, ...rest } = doc;
  return { ...rest, audit: audit.map(({ id: _id, ...e }) => e) };
}
