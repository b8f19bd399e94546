import { MnemoError } from '../errors.js';
import { type RememberInput, rememberInputSchema } from '../schemas.js';
import { redactAttachment } from '../attachments/redact.js';
import type { NewMemory, Redaction } from '../types.js';
import { parseInput } from '../validation.js';
import { expiryFromText } from './expiry.js';

/**
 * The `remember` fields the classifier does not decide: a task's expiry and an attachment.
 * `expiresAt` makes the memory a task (a fact does not lapse), an attachment makes it a
 * perceptual event unless a type is given. Returns the input to classify, a finishing step and
 * what was redacted from the attachment (caption, name and uri are scanned like content).
 */
export function rememberExtras(input: RememberInput): { input: RememberInput; finish(m: NewMemory): NewMemory; redactions: Redaction[] } {
  const data = parseInput(rememberInputSchema, input, 'remember input');
  if (data.expiresAt && data.type && data.type !== 'task') {
    throw new MnemoError('invalid_input', `expiresAt applies to tasks only; this memory was given type "${data.type}"`);
  }
  const type = data.type ?? (data.expiresAt ? 'task' : data.attachment ? 'event' : undefined);
  const redacted = data.attachment ? redactAttachment(data.attachment) : null;
  return {
    redactions: redacted?.redactions ?? [],
    input: type ? { ...input, type } : input,
    finish(m) {
      const at = new Date(m.createdAt ?? Date.now());
      const expiresAt = m.type === 'task' ? (data.expiresAt ?? expiryFromText(m.content, at)) : null;
      const a = redacted?.attachment;
      if (!a) return { ...m, expiresAt };
      const caption = a.caption && a.caption !== m.content ? [a.caption] : [];
      return { ...m, expiresAt, attachment: a, tags: [...new Set([...m.tags, 'perceptual', a.kind])], queries: [...m.queries, ...caption] };
    },
  };
}
