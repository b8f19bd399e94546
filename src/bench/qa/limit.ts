/** Runs async tasks with at most `concurrency` in flight; the first failure stops new starts and rejects. */
export async function runLimited<T>(tasks: (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  let failed = false;
  async function lane(): Promise<void> {
    while (!failed && next < tasks.length) {
      const i = next++;
      try {
        results[i] = await tasks[i]!();
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, lane));
  return results;
}
