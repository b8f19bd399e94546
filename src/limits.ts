/** Documented input limits (README "Limits"). Changing one is a user-visible change. */
export const LIMITS = {
  /** Characters per memory content, and per stored message part (longer messages are split). */
  maxContentChars: 32_768,
  /** Characters of message content per ingest call, all messages together. */
  maxIngestChars: 1_000_000,
  /** Messages per ingest call. */
  maxMessagesPerIngest: 500,
  /** Characters per recall query. */
  maxQueryChars: 4_096,
  /** Characters per session id, topic key or tag. */
  maxIdChars: 200,
  maxTags: 32,
  /** Results per recall or list page. */
  maxLimit: 1_000,
  /** Serialized metadata per message, in bytes. */
  maxMetadataBytes: 16_384,
} as const;
