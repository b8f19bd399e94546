import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Hang guards, not speed checks: CI runs on 2 cores that other work may load 10x over, where
    // the slowest tests (a dozen CLI processes, SIGKILL soaks, HNSW builds) take many times their
    // quiet-machine figure. Tests keep no tighter per-test limit.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
    // expect.poll waits for something a loaded 2-core machine may take seconds to show (a page in
    // Chromium, a background write); the default 1 s is a wall-clock bound, not a behaviour.
    expect: { poll: { timeout: 20_000 } },
    globalSetup: ['test/global-setup.ts'],
  },
});
