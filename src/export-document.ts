import { EXPORT_FORMAT, EXPORT_VERSION, type ExportDocument } from './api.js';
import { MnemoError } from './errors.js';

/** Checks the envelope of an export document; the full schema lives in interop (wired later). */
export function parseExportDocument(doc: unknown): ExportDocument {
  const d = doc as Partial<ExportDocument> | null;
  if (!d || typeof d !== 'object') throw new MnemoError('invalid_input', 'import document must be a JSON object');
  if (d.format !== EXPORT_FORMAT) throw new MnemoError('invalid_input', `import document format must be "${EXPORT_FORMAT}"`);
  if (d.version !== EXPORT_VERSION) throw new MnemoError('invalid_input', `unsupported export version ${String(d.version)}; this mnemo reads version ${EXPORT_VERSION}`);
  if (!Array.isArray(d.messages) || !Array.isArray(d.memories) || !Array.isArray(d.audit)) {
    throw new MnemoError('invalid_input', 'import document needs messages, memories and audit arrays');
  }
  return d as ExportDocument;
}
