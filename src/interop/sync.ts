/** Two-way sync between a Markdown memory folder and a profile. */
export { startSync, type SyncHandle, type SyncOptions } from './sync/start.js';
export type { SyncLogEntry } from './sync/context.js';
