/**
 * The job kinds, apart from their handlers: queueing a job must not load the code that runs it
 * (a one-shot command that only reads never does).
 */
export const EXTRACT_JOB = 'extract';
export const EMBED_JOB = 'embed';
export const CONSOLIDATE_JOB = 'consolidate';
export const FOLD_JOB = 'lifecycle.fold';
