/**
 * Preloaded (`node --require`) into a CLI process the benchmark times: reports the process's peak
 * RSS on exit, on stderr, where the benchmark reads it. On Linux it is VmHWM, the peak of this
 * program's own memory: `resourceUsage().maxRSS` also counts the forked copy of the parent from
 * before exec, so a child of a 250 MB benchmark process reports at least 250 MB whatever it uses.
 * Also its CPU time (user + system), steadier than wall time on a busy machine. CommonJS, as the
 * binary is: an ES module preload (`--import`) would start Node's ES module loader in the timed
 * process, ~20 ms of CPU and 1.5 MB that an agent's `mnemo recall` never spends.
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
  const cpu = process.cpuUsage();
  process.stderr.write(`\nmnemo-peak-rss-kb ${peakKb()}\nmnemo-cpu-ms ${((cpu.user + cpu.system) / 1000).toFixed(0)}\n`);
});
