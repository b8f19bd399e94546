/**
 * Attachments a message (or a `remember`) may carry: an image, a file or a URL, described by a
 * caption or alt text. mnemo keeps a pointer and the description, never the bytes, so inline
 * `data:` URIs and base64 payloads are refused with a clear message.
 */
import { z } from 'zod';
import { ATTACHMENT_KINDS, type Attachment } from '../types.js';

export const MAX_ATTACHMENTS = 10;
const MAX_URI = 2048;
const MAX_CAPTION = 2000;
const MAX_NAME = 300;

const text = (what: string, max: number) => z.string().max(max, `attachment ${what} is longer than ${max} characters`);

export const attachmentInputSchema = z
  .object({
    kind: z.enum(ATTACHMENT_KINDS, { error: `attachment kind must be one of ${ATTACHMENT_KINDS.join(', ')}` }),
    uri: text('uri', MAX_URI).optional(),
    /** Alias of `uri`. */
    url: text('url', MAX_URI).optional(),
    caption: text('caption', MAX_CAPTION).nullish(),
    /** Alt text; used as the caption when there is none. */
    alt: text('alt', MAX_CAPTION).nullish(),
    name: text('name', MAX_NAME).nullish(),
    mimeType: text('mimeType', 200).nullish(),
  })
  .strict()
  .transform((a, ctx): Attachment => {
    const uri = (a.uri ?? a.url ?? '').trim();
    if (!uri) ctx.addIssue({ code: 'custom', message: 'attachment needs a uri (or url) pointing to it' });
    if (/^data:/i.test(uri)) ctx.addIssue({ code: 'custom', message: 'attachment uri is a data: URI; mnemo stores a pointer to an attachment, never its bytes' });
    const caption = (a.caption ?? a.alt ?? '').trim() || null;
    return { kind: a.kind, uri, caption, name: a.name?.trim() || null, mimeType: a.mimeType?.trim() || null };
  });
export type AttachmentInput = z.input<typeof attachmentInputSchema>;

/** The stored shape (responses, exports). */
export const attachmentSchema = z.object({
  kind: z.enum(ATTACHMENT_KINDS),
  uri: z.string(),
  caption: z.string().nullable(),
  name: z.string().nullable(),
  mimeType: z.string().nullable(),
});
