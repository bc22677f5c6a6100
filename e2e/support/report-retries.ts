/**
 * Prints the error of a journey's failed attempt when it is about to be retried. Vitest reports a
 * journey that passed on its retry as passed, with no trace of why the first attempt failed, and
 * a flaky journey cannot be mended without that.
 */
import { beforeEach } from 'vitest';

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(({ task: failed }) => {
    const attempt = task.result?.retryCount ?? 0;
    // The last attempt's error is vitest's own report.
    const retries = typeof task.retry === 'number' ? task.retry : (task.retry?.count ?? 0);
    if (attempt >= retries) return;
    const errors = failed.result?.errors ?? [];
    const message = errors.map((error) => error.stack ?? error.message).join('\n');
    console.error(`[attempt ${attempt + 1} of "${task.name}" failed]\n${message}`);
  });
});
