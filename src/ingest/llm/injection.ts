/**
 * Lines that address the memory system or the model rather than the conversation partner.
 * A memory whose only support is such a line is dropped: it is an attempt to plant a fact.
 */
const INJECTION =
  /\b(?:ignore|disregard|forget|override)\b.{0,40}\b(?:instructions?|rules|prompts?|guidelines)\b|\bsystem prompt\b|\byou are now\b|\bnew instructions?\b|\b(?:store|save|record|add)\b.{0,60}\bas an? (?:fact|memory|instruction)\b|<\s*\/?\s*(?:system|transcript|instructions?)\b/i;

export function looksLikeInjection(text: string): boolean {
  return INJECTION.test(text);
}
