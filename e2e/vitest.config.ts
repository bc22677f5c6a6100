import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // One server and one browser at a time on a two-core machine.
    fileParallelism: false,
    // Browser journeys on a shared two-core machine can lose a race with the clock now and then;
    // one retry keeps CI honest without hiding a journey that fails every time.
    retry: 1,
  },
});
