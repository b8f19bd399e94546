/**
 * Wire types of the REST API, inferred from the zod schemas the server validates with and
 * publishes as OpenAPI, so client and server cannot drift. Type-only imports: nothing of the
 * server is loaded at run time.
 */
import type { z } from 'zod';
import type * as R from '../http/responses.js';
import type * as E from '../http/ecosystem-routes.js';
import type {
  ContextOptions, ForgetOptions, ForgetWhereOptions, IngestOptions, ListOptions, MessageInput, RecallOptions, RememberInput, UpdateInput,
} from '../schemas.js';
import type { Webhook, WebhookDelivery, WebhookInput } from '../webhooks/types.js';

export type Memory = z.output<typeof R.memorySchema>;
export type StoredMessage = z.output<typeof R.messageSchema>;
export type RecallResult = z.output<typeof R.recallResultSchema>;
export type IngestResult = z.output<typeof R.ingestResultSchema>;
export type RememberResult = z.output<typeof R.rememberResultSchema>;
export type MemoryPage = z.output<typeof R.memoryPageSchema>;
export type ContextBlock = z.output<typeof R.contextBlockSchema>;
export type ImportResult = z.output<typeof R.importResultSchema>;
export type Job = z.output<typeof R.jobSchema>;
export type JobCounts = z.output<typeof R.jobCountsSchema>;
export type ExportDocument = z.output<typeof R.exportDocumentSchema>;
export type ProfileStats = z.output<typeof R.statsSchema>;
export type UpdateResult = z.output<typeof E.updateResultSchema>;
export type ForgetWhereResult = z.output<typeof E.forgetWhereResultSchema>;
export type ChangeEvent = z.output<typeof E.changeEventSchema>;
export type ChangeEventType = ChangeEvent['type'];

export type {
  ContextOptions, ForgetOptions, ForgetWhereOptions, IngestOptions, ListOptions, MessageInput, RecallOptions, RememberInput, UpdateInput, WebhookInput,
};

export type { Webhook, WebhookDelivery };
