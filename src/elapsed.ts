/**
 * Milliseconds from a fixed point, for measuring durations. Not `performance.now()`: the first use of
 * that global loads perf_hooks (10-20 ms of a cold `mnemo recall`, which times its stages).
 */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;
