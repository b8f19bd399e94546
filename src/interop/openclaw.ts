/** OpenClaw workspace import: `MEMORY.md` + `memory/YYYY-MM-DD.md` daily notes. */
export { importOpenClaw, readOpenClawWorkspace, type OpenClawReadResult } from './openclaw/import.js';
export { exportOpenClaw, renderOpenClawWorkspace } from './openclaw/export.js';
export { parseMemoryNotes } from './openclaw/memory-file.js';
export { parseDailyNote, dailyNoteDate } from './openclaw/daily-file.js';
