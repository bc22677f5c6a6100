import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // Two journey files at a time, each with its own server, database and browser: the journeys
    // spend much of their time waiting on the browser and the network, so two overlap well on a
    // two-core machine (CI's time was 15 minutes one file at a time).
    fileParallelism: true,
    maxWorkers: 2,
    // Browser journeys on a shared two-core machine can lose a race with the clock now and then;
    // one retry keeps CI honest without hiding a journey that fails every time.
    retry: 1,
    // ...and says why the first attempt failed.
    setupFiles: ['./support/report-retries.ts'],
  },
});
