/** Who a memory is about: the name its third-person content starts with ("Melanie and others went…" → Melanie). */
const LEADING_NAME = /^([A-Z][\p{L}'’-]*?)(?:'s|’s)?(?=[\s,:]|$)/u;
// Capitalized sentence openers that are not names (time words, pronouns, connectives).
const NOT_NAMES = new Set(`The This That These Those It There They We He She I You A An Our My His Her Their Its When If While
  Last Next Yesterday Today Tonight Tomorrow Recently Lately Also Then So And But After Before During On In At Since Every Once
  Now Later Earlier Finally Just Still Maybe Please Thanks Yes No`.split(/\s+/));

export function subjectOf(content: string): string | null {
  const m = LEADING_NAME.exec(content.trim());
  if (!m || NOT_NAMES.has(m[1]!)) return null;
  return m[1]!;
}
