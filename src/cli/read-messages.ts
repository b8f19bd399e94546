/**
 * Reads messages to ingest from a JSON array, a JSON object with `messages`, or JSONL, and
 * validates every one with the library's schema before anything is written.
 */
import { readFile } from 'node:fs/promises';
import { MnemoError } from '../errors.js';
import { messageInputSchema, type MessageInput } from '../schemas.js';
import { zodMessage } from '../validation.js';

interface Located {
  value: unknown;
  /** 1-based source line for JSONL input. */
  line?: number;
}

export async function readInput(file: string): Promise<string> {
  if (file === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new MnemoError('not_found', `no such file: ${file}`);
    if (code === 'EISDIR') throw new MnemoError('invalid_input', `${file} is a directory, not a JSON or JSONL file`);
    throw new MnemoError('invalid_input', `cannot read ${file}: ${(err as Error).message}`);
  }
}

/** Line and column of a character offset, for JSON syntax errors. */
function position(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

function syntaxDetail(err: unknown, text: string): string {
  const msg = err instanceof Error ? err.message : String(err);
  const m = /at position (\d+)/.exec(msg);
  const base = msg.replace(/\s*in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '');
  return m ? `${base} (${position(text, Number(m[1]))})` : base;
}

function parseRecords(text: string, name: string): Located[] {
  const trimmed = text.trim();
  if (!trimmed) throw new MnemoError('invalid_input', `${name} is empty: expected a JSON array or JSON lines of messages`);
  try {
    const whole: unknown = JSON.parse(trimmed);
    if (Array.isArray(whole)) return whole.map((value) => ({ value }));
    if (whole && typeof whole === 'object' && Array.isArray((whole as { messages?: unknown }).messages)) {
      return ((whole as { messages: unknown[] }).messages).map((value) => ({ value }));
    }
    return [{ value: whole, line: 1 }];
  } catch (err) {
    if (trimmed.startsWith('[')) throw new MnemoError('invalid_input', `${name} is not valid JSON: ${syntaxDetail(err, text)}`);
  }
  const records: Located[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) return;
    try {
      records.push({ value: JSON.parse(raw), line: i + 1 });
    } catch (err) {
      throw new MnemoError('invalid_input', `${name}: line ${i + 1} is not valid JSON: ${syntaxDetail(err, raw).replace(/\(line 1, /, '(')}`, { line: i + 1 });
    }
  });
  return records;
}

/** Parses and validates; throws an invalid_input error naming the message, line and field. */
export function parseMessages(text: string, name: string): MessageInput[] {
  const records = parseRecords(text, name);
  if (!records.length) throw new MnemoError('invalid_input', `${name} contains no messages`);
  const problems: string[] = [];
  const messages: MessageInput[] = [];
  let failed = 0;
  records.forEach((r, i) => {
    const res = messageInputSchema.safeParse(r.value);
    if (res.success) return void messages.push(res.data);
    if (++failed <= 5) problems.push(`message ${i + 1}${r.line ? ` (line ${r.line})` : ''}: ${zodMessage(res.error)}`);
  });
  if (failed > 5) problems.push(`and ${failed - 5} more`);
  if (failed) throw new MnemoError('invalid_input', `invalid messages in ${name}, nothing was ingested: ${problems.join('; ')}`);
  return messages;
}
