import { YAMLParseError, parse, stringify } from 'yaml';

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export type Frontmatter = Record<string, unknown>;

/** Splits `---\n<yaml>\n---\n<body>`; throws an Error with a readable message when malformed. */
export function splitFrontmatter(text: string): { data: Frontmatter; body: string } {
  const src = text.replace(/^\uFEFF/, '');
  if (!src.startsWith('---')) throw new Error('missing YAML frontmatter (the file must start with a --- line)');
  const m = FENCE.exec(src);
  if (!m) throw new Error('frontmatter is not closed by a --- line');
  let data: unknown;
  try {
    data = parse(m[1], { schema: 'core', uniqueKeys: true });
  } catch (err) {
    const msg = err instanceof YAMLParseError ? err.message.split('\n')[0] : String(err);
    throw new Error(`malformed YAML frontmatter: ${msg}`);
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new Error('frontmatter must be a YAML mapping of keys to values');
  return { data: data as Frontmatter, body: src.slice(m[0].length) };
}

/** Keys in the given order; undefined and null values are left out. */
export function renderFrontmatter(data: Frontmatter, body: string): string {
  const clean = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== null));
  const yaml = stringify(clean, { lineWidth: 0 }).trimEnd();
  return `---\n${yaml}\n---\n\n${body.trim()}\n`;
}
