import { INSTRUCTION, TASK } from '../../ingest/rules/patterns.js';
import { slug } from '../../ingest/topic-key.js';

/** Verbs that open an imperative bullet ("Always run…", "Use pnpm…", "Don't deploy…"). */
const IMPERATIVE = /^(?:always|never|don't|do not|do|use|prefer|avoid|run|check|verify|make sure|ensure|keep|ask|write|remember|be|follow|stop|try|put|include|add|skip|test|double-check|confirm|document|mention|reply|respond|answer|format|call)\b/i;
const RULE_SECTION = /\b(?:rules?|instructions?|guidelines?|conventions?|preferences?|how to|style|workflow)\b/i;
const OPEN_BOX = /^\[ \]\s*/;
const DONE_BOX = /^\[[xX]\]\s*/;

export function isImperative(text: string): boolean {
  return IMPERATIVE.test(text) || INSTRUCTION.test(text);
}

/** Sections whose bullets are all rules or preferences for how the agent behaves. */
export function isRuleSection(heading: string): boolean {
  return RULE_SECTION.test(heading);
}

/** `[ ] x` → open task; `[x] x` → done (an event); TODO and "waiting on … review" → open task. */
export function checkbox(text: string): { text: string; open: boolean | null } {
  if (OPEN_BOX.test(text)) return { text: text.replace(OPEN_BOX, ''), open: true };
  if (DONE_BOX.test(text)) return { text: text.replace(DONE_BOX, ''), open: false };
  return { text, open: TASK.test(text) ? true : null };
}

/** Topic-key namespace for a MEMORY.md section. */
export function sectionPrefix(heading: string): string {
  if (/\b(?:about (?:the )?user|about me|user|profile|identity|preferences?)\b/i.test(heading)) return 'user';
  if (/\bprojects?\b/i.test(heading)) return 'project';
  if (/\b(?:people|contacts|team|colleagues)\b/i.test(heading)) return 'people';
  return slug(heading).split('_').slice(0, 2).join('_') || 'note';
}

/** `Name: Dana` → label `Name`; `**Priya** — …` → label `Priya`. */
export function labelOf(text: string): string | null {
  const bold = /^\*\*(.+?)\*\*/.exec(text);
  if (bold) return bold[1].trim();
  const colon = /^([A-Za-z][\w /&'-]{0,40}?):\s+\S/.exec(text);
  return colon ? colon[1].trim() : null;
}
