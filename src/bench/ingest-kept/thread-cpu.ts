/**
 * CPU time of the calling thread alone (Linux: /proc/thread-self), in ms, or null elsewhere.
 * `process.cpuUsage()` adds every thread's, so work moved to another thread would not show.
 */
import { readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

export function threadCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}
