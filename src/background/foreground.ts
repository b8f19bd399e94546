/**
 * Requests being answered in this thread, so background loads (an index read in slices) run their
 * next slice between requests instead of inside one: a request waits for its own work only. A
 * load still takes a slice after MAX_WAIT_MS under constant traffic, so it always finishes.
 */
const MAX_WAIT_MS = 250;

let inFlight = 0;
let waiting: (() => void)[] = [];

/** Runs `fn` as foreground work: background slices wait until it is done. */
export async function inForeground<T>(fn: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await fn();
  } finally {
    if (--inFlight === 0) {
      const ready = waiting;
      waiting = [];
      for (const go of ready) go();
    }
  }
}

/** Resolves when a background load may run its next slice: at once when idle (after I/O and timers), else when the requests are done. */
export function nextBackgroundSlice(): Promise<void> {
  return new Promise((resolve) => {
    if (inFlight === 0) return void setImmediate(resolve);
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      setImmediate(resolve);
    };
    const timer = setTimeout(go, MAX_WAIT_MS);
    waiting.push(go);
  });
}
