/** Portability: the JSON export schema, Markdown folders (mnemo and Claude Code), OpenClaw, sync. */
export { parseExportDocument, exportDocumentSchema, comparableExport } from './json.js';
export { exportMarkdown, importMarkdown, readMarkdownFolder, renderMarkdownExport, type MarkdownFlavor } from './markdown/index.js';
export { exportOpenClaw, importOpenClaw, readOpenClawWorkspace, renderOpenClawWorkspace } from './openclaw.js';
export { importThreeWs, renderThreeWs, THREEWS_VERSION, type ThreeWsBlob } from './threews.js';
export { startSync, type SyncHandle, type SyncLogEntry, type SyncOptions } from './sync.js';
export type { FileError, ParsedMemory, ReadResult } from './parsed-memory.js';
export type { MemoryImportResult } from './write-memories.js';
