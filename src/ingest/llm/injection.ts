/**
 * Lines that address the memory system or the model rather than the conversation partner.
 * A memory whose only support is such a line is dropped: it is an attempt to plant a fact.
 * Plain requests like "remember that I prefer dark mode" are legitimate and not matched.
 */
const INJECTION =
  /\b(?:ignore|disregard)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:your|the|previous|prior|above|earlier|these)?\s*(?:previous\s+|prior\s+|above\s+)?(?:instructions?|prompts?|guidelines)\b|\bsystem prompt\b|\byou are now\b|\bnew instructions?\b|<\s*\/?\s*(?:system|transcript|instructions?)\b/i;

export function looksLikeInjection(text: string): boolean {
  return INJECTION.test(text);
}
