import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // expect.poll waits for something a loaded 2-core machine may take seconds to show (a page in
    // Chromium, a background write); the default 1 s is a wall-clock bound, not a behaviour.
    expect: { poll: { timeout: 20_000 } },
    globalSetup: ['test/global-setup.ts'],
  },
});
