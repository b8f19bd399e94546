/**
 * Preloaded (`node --import`) into a CLI process the benchmark times: reports the process's peak
 * RSS on exit, on stderr, where the benchmark reads it.
 */
process.on('exit', () => {
  process.stderr.write(`\nmnemo-peak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
