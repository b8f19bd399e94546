import * as chrono from 'chrono-node/en';

/**
 * chrono's "3 weeks ago" and "2 days later" parsers carry its two largest patterns (every number
 * word and time unit); V8 compiles each to native code on its second use, ~50 ms apiece, and they
 * run on every sentence. Each can only match a time unit (whose spellings all end in one of these
 * letters) followed by its keyword, so a sentence without that shape is parsed by an instance
 * that leaves the parser out: the same results, cheaper.
 */
const UNIT_END = '[cdhkmnorswy]\\s{0,5}';
const AGO = new RegExp(`${UNIT_END}(?:ago|before|earlier)(?!\\w)`, 'i');
const LATER = new RegExp(`${UNIT_END}(?:later|after|from now|henceforth|forward|out)(?!\\w)`, 'i');
const instances = new Map<string, chrono.Chrono>();

/** chrono's casual parser, without the two unit parsers `text` cannot match (same results). */
export function parserFor(text: string): chrono.Chrono {
  const ago = AGO.test(text);
  const later = LATER.test(text);
  if (ago && later) return chrono.casual;
  const key = `${ago}/${later}`;
  let c = instances.get(key);
  if (!c) {
    c = chrono.casual.clone();
    const skip = [...(ago ? [] : ['ENTimeUnitAgoFormatParser']), ...(later ? [] : ['ENTimeUnitLaterFormatParser'])];
    c.parsers = c.parsers.filter((p) => !skip.includes(p.constructor.name));
    instances.set(key, c);
  }
  return c;
}
