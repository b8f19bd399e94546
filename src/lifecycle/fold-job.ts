import type { JobHandler } from '../jobs/worker.js';
import { LIFECYCLE_META_KEY, parseStoredSettings } from './settings.js';
import { TIERED_AT_KEY, runTiering } from './tiering.js';
import { FOLD_JOB } from '../jobs/kinds.js';

export { FOLD_JOB };

const FOLD_BATCH = 5_000;
const TIERING_EVERY_MS = 24 * 3600_000;

/**
 * Folds the access log into the memory rows (counts, last access, rehydration of cold memories
 * recall returned), one transaction per batch, until the log is empty. About once a day it also
 * runs tiering, which moves memories whose salience fell under the profile's threshold to cold.
 */
export function foldJobHandler(): JobHandler {
  return async (_job, { store }) => {
    while ((await store.foldAccesses(FOLD_BATCH)).folded > 0) { /* next batch */ }
    const last = Date.parse((await store.getMeta(TIERED_AT_KEY)) ?? '');
    if (Number.isNaN(last) || Date.now() - last > TIERING_EVERY_MS) {
      await runTiering(store, parseStoredSettings(await store.getMeta(LIFECYCLE_META_KEY)), { now: new Date() });
    }
  };
}
