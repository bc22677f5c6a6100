/**
 * Layout reads and writes batched into one animation frame: every read first, then every write.
 *
 * After hydration several parts measure the page and publish what they found as CSS variables
 * (the header's stuck height, the bottom bars' inset, the search bar's height) or state. Each
 * write invalidates the whole document's style, so the next part's read forced a fresh style and
 * layout of the page: at 4x slowdown that chain was 100-200 ms of the first pages' blocking time.
 * Batched, the reads share one layout and the writes cost the frame's own.
 */
type Job = { read: () => unknown; write: (value: unknown) => void; cancelled: boolean };

let queue: Job[] = [];
let frame: number | null = null;

function flush(): void {
  frame = null;
  const jobs = queue;
  queue = [];
  const live = jobs.filter((job) => !job.cancelled);
  const values = live.map((job) => job.read());
  live.forEach((job, i) => {
    if (!job.cancelled) job.write(values[i]);
  });
}

/**
 * Runs `read` and then `write(read())` in the next animation frame, alongside every other
 * measurement asked for before it. Returns a cancel function for an effect's clean-up.
 */
export function measureInFrame<T>(read: () => T, write: (value: T) => void): () => void {
  const job: Job = { read, write: write as (value: unknown) => void, cancelled: false };
  queue.push(job);
  if (frame === null) frame = requestAnimationFrame(flush);
  return () => {
    job.cancelled = true;
  };
}
