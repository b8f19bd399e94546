export { browseOptionsSchema, jobListOptionsSchema, timelineOptionsSchema, type BrowseOptions, type JobListOptions, type TimelineQuery } from './schemas.js';
export type { ProfileInspection, Provenance, ProvenanceSource } from './types.js';
export { inspectProfile } from './inspect-profile.js';
export { provenanceOf } from './provenance.js';
