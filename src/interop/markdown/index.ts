export { exportMarkdown, renderMarkdownExport, INDEX_FILE, type MarkdownExportOptions, type MarkdownExportResult } from './export.js';
export { readMarkdownFolder } from './read-folder.js';
export { parseMemoryFile } from './parse-file.js';
export { importMarkdown, type MarkdownImportResult } from './import.js';
export { CLAUDE_TYPES, fromFileType, toClaudeType, type MarkdownFlavor } from './type-mapping.js';
export { MAX_INDEX_LINES } from './index-file.js';
