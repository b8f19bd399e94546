/** A small Markdown reader for notes: headings, bullets (with nested children) and paragraphs. */
export interface NoteBlock {
  kind: 'bullet' | 'paragraph';
  /** Text of the nearest heading above (empty before the first one). */
  heading: string;
  headingLevel: number;
  text: string;
  /** Nested bullets (any depth), flattened in order. */
  children: string[];
  /** 1-based line of the block's first line. */
  line: number;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$/;

export function noteBlocks(text: string): NoteBlock[] {
  const blocks: NoteBlock[] = [];
  let heading = '';
  let headingLevel = 0;
  let current: NoteBlock | null = null;
  const close = () => {
    if (current && current.text.trim()) blocks.push({ ...current, text: current.text.trim() });
    current = null;
  };
  text.replace(/\r\n?/g, '\n').split('\n').forEach((raw, i) => {
    const h = HEADING.exec(raw);
    if (h) {
      close();
      heading = h[2];
      headingLevel = h[1].length;
      return;
    }
    if (!raw.trim()) {
      if (current?.kind === 'paragraph') close();
      return;
    }
    const b = BULLET.exec(raw);
    if (b && b[1].length > 0 && current?.kind === 'bullet') {
      current.children.push(b[2].trim());
      return;
    }
    if (b) {
      close();
      current = { kind: 'bullet', heading, headingLevel, text: b[2], children: [], line: i + 1 };
      return;
    }
    if (current && (current.kind === 'paragraph' || /^\s+/.test(raw))) {
      if (current.kind === 'bullet' && current.children.length) current.children[current.children.length - 1] += ` ${raw.trim()}`;
      else current.text += ` ${raw.trim()}`;
      return;
    }
    close();
    current = { kind: 'paragraph', heading, headingLevel, text: raw.trim(), children: [], line: i + 1 };
  });
  close();
  return blocks;
}

/** `**Ledger v2** (active)` → `Ledger v2 (active)`; also drops inline code ticks and link targets. */
export function plainText(text: string): string {
  return text
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
