import { quoteSafe } from '../../ingest/llm/transcript.js';

/** One line of quoted data that cannot open or close the tags the prompts fence data with. */
export function quoteData(text: string): string {
  return quoteSafe(text).replace(/<\s*(\/?)\s*(memory|memories|conversation|question)\b/gi, '‹$1$2');
}
