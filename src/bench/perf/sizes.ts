/** "10k,100k,1m" → [10000, 100000, 1000000]. */
export function parseSizes(text: string): number[] {
  return text.split(',').map((part) => {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([km]?)\s*$/i.exec(part);
    if (!m) throw new Error(`bad size ${JSON.stringify(part)}: use e.g. 10k, 100k, 1m or 5000`);
    const scale = { '': 1, k: 1e3, m: 1e6 }[m[2].toLowerCase() as '' | 'k' | 'm'];
    const n = Math.round(Number(m[1]) * scale);
    if (n < 10) throw new Error(`size ${n} is too small (at least 10 memories)`);
    return n;
  });
}
