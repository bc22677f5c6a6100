/** What `within` throws when the work took longer than its limit. */
export class TimeLimitExceeded extends Error {
  constructor(readonly limitMs: number) {
    super(`no answer within ${limitMs} ms`);
  }
}

/**
 * The work's result, or TimeLimitExceeded once `limitMs` has passed. The work is not cancelled (a
 * query cannot be); a late failure of it is swallowed here, since nobody is waiting for it.
 */
export function within<T>(limitMs: number, work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeLimitExceeded(limitMs)), limitMs);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}
