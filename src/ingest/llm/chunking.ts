/** A contiguous run of messages [start, end) of the batch being extracted. */
export interface Window {
  start: number;
  end: number;
}

/**
 * Splits messages (given by their rendered lengths) into windows of at most `maxChars`, each
 * starting `overlap` messages before the previous one ended so a fact that straddles a boundary
 * is seen whole at least once. A single message longer than `maxChars` gets a window of its own.
 */
export function chunkByChars(lengths: readonly number[], maxChars: number, overlap: number): Window[] {
  const windows: Window[] = [];
  let start = 0;
  while (start < lengths.length) {
    let end = start;
    let size = 0;
    while (end < lengths.length && (end === start || size + lengths[end]! <= maxChars)) {
      size += lengths[end]!;
      end++;
    }
    windows.push({ start, end });
    if (end >= lengths.length) break;
    start = Math.max(end - overlap, start + 1);
  }
  return windows;
}
