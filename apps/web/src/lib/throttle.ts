/**
 * Runs `fn` at most once per `ms`: the first call runs at once, later calls inside the window are
 * folded into one trailing call with the latest arguments. `cancel` drops a pending trailing call.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = last + ms - Date.now();
    if (wait <= 0 && timer === null) {
      run(args);
      return;
    }
    pending = args;
    if (timer === null) {
      timer = setTimeout(
        () => {
          timer = null;
          const next = pending;
          pending = null;
          if (next) run(next);
        },
        Math.max(0, wait),
      );
    }
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
