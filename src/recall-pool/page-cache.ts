/**
 * SQLite's page cache (MB) of each connection of a server with recall threads: the writer's and
 * every thread's. Their searches run on in-memory indexes and read rows by key, so the driver's
 * 16 MB cache only fills, as the database grows, with copies of pages the OS page cache already
 * holds once for all of them (reading a 17 MB profile through adds 13 MB of RSS at 16 MB, 5.5 MB
 * at 4 MB).
 */
export const POOLED_PAGE_CACHE_MB = 4;
