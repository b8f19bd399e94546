/**
 * SQLite's page cache (MB) of each connection of a server with recall threads: the writer's and
 * every thread's. Their searches run on in-memory indexes and read rows by key, so a cache of the
 * driver's 16 MB only fills, with the database, as copies of pages the OS page cache already holds
 * once for all of them (measured: +27 MB of RSS over the 10-minute soak, most of it after warm-up).
 */
export const POOLED_PAGE_CACHE_MB = 4;
