/**
 * Preloaded (`node --import`) into a CLI process the benchmark times: reports the process's peak
 * RSS on exit, on stderr, where the benchmark reads it. On Linux it is VmHWM, the peak of this
 * program's own memory: `resourceUsage().maxRSS` also counts the forked copy of the parent from
 * before exec, so a child of a 250 MB benchmark process reports at least 250 MB whatever it uses.
 */
import { readFileSync } from 'node:fs';

function peakKb(): number {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]);
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS;
}

process.on('exit', () => {
  process.stderr.write(`\nmnemo-peak-rss-kb ${peakKb()}\n`);
});
