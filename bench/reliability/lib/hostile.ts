/** fast-check arbitraries for hostile input: odd strings, names, numbers, FTS syntax, JSON shapes. */
import fc from 'fast-check';

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) }, // lone surrogates included
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '', ' ', '\u0000', 'a\u0000b', '\uFEFF', '\u202Eevil', '\uD800', '\uDFFF', '😀'.repeat(50), 'ｆｕｌｌ', 'İı', 'ß'.repeat(9),
      '"', '""', '"unterminated', 'NEAR(a b)', 'a OR', 'AND', 'NOT x', '*', 'a*', '^x', 'content:x', 'queries:"x"', '(((', ')', '{x}', '[x]',
      '\\', "'; DROP TABLE memories; --", '%00', '%2e%2e%2f', '../../etc/passwd', '..\\..\\x', '/etc/passwd', 'C:\\Windows', '~/.ssh/id_rsa',
      '<script>alert(1)</script>', '${jndi:ldap://x}', '{{7*7}}', 'null', 'undefined', 'NaN', 'Infinity', '-0', '1e309', '9007199254740993',
      '0x10', '1_000', ' 5 ', '5abc', 'true', '[]', '{}', 'a'.repeat(201), 'x'.repeat(4097), 'x'.repeat(40_000),
    ),
  },
);

export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1, 1000, 1001, 999_999_999_999, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 53 + 2, 1e308, -1e308, 0.5, 1e-320),
);

/** Query string values: numbers at the limits written as text, plus everything above. */
export const hostileQueryValue = fc.oneof(hostileString, hostileNumber.map(String), fc.constantFrom('0', '-1', '1000', '1001', '1e3', 'fact,event', 'fact,,', 'active', 'true', 'false', '1'));

export const profileName = (protect: string) =>
  fc
    .oneof(
      { weight: 8, arbitrary: fc.constantFrom('fz', 'fz-a', 'fz.b', 'fz_c', '0', 'z'.repeat(100)) },
      { weight: 2, arbitrary: hostileString },
      { weight: 2, arbitrary: fc.constantFrom('..', '.', `${protect}/..`, `../${protect}`, `${protect}%2f..`, protect.toUpperCase(), `${protect}\u0000`, ` ${protect}`, `${protect}.`, `${protect}..x`, 'a'.repeat(101), 'con', 'nul', '-x', '_x') },
    )
    .filter((n) => n !== protect);

/** Arbitrary JSON documents, including the wrong type at the top. */
export const anyJson = fc.jsonValue({ maxDepth: 4 });

/** A value of the wrong (or right) type for a field. */
export const anyField = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.array(hostileString, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), hostileString, { maxKeys: 3 }));

/** An object shaped like `shape` with fields dropped, given the wrong type, or added. */
export function mutated(shape: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(Object.entries(shape).map(([k, arb]) => [k, fc.option(fc.oneof({ weight: 8, arbitrary: arb }, { weight: 1, arbitrary: anyField }), { nil: undefined, freq: 6 })]));
  return fc.tuple(fc.record(fields), fc.dictionary(fc.string({ maxLength: 8 }), anyField, { maxKeys: 2 })).map(([obj, extra]) => {
    const out: Record<string, unknown> = { ...extra };
    for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
    return out;
  });
}

const role = fc.constantFrom('user', 'assistant', 'system', 'tool');
const content = fc.oneof({ weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 80 }) }, { weight: 2, arbitrary: hostileString }, { weight: 1, arbitrary: fc.lorem({ maxCount: 12 }) });
const time = fc.oneof({ weight: 4, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) }, { weight: 1, arbitrary: hostileString }, { weight: 1, arbitrary: hostileNumber });
export const messageShape = mutated({ role, content, sessionId: hostileString, timestamp: time, metadata: fc.dictionary(fc.string({ maxLength: 6 }), anyField, { maxKeys: 3 }) });

/** Valid shapes whose free text is hostile (FTS syntax, odd Unicode, NULs): they reach the store. */
const freeText = fc.oneof(hostileString, fc.lorem({ maxCount: 15 })).filter((s) => s.trim().length > 0 && s.length <= 4096);
const validish = {
  ingest: fc.record({ messages: fc.array(fc.record({ role, content: freeText, sessionId: fc.constantFrom('s1', 's2') }), { minLength: 1, maxLength: 4 }), wait: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }) }),
  remember: fc.record({ content: freeText, tags: fc.array(fc.constantFrom('a', 'b', 'ops'), { maxLength: 2 }) }, { requiredKeys: ['content'] }),
  recall: fc.record({ query: freeText, limit: fc.integer({ min: 1, max: 1000 }), synthesize: fc.boolean() }, { requiredKeys: ['query'] }),
  context: fc.record({ query: freeText, maxTokens: fc.integer({ min: 1, max: 100_000 }) }, { requiredKeys: [] }),
};

/** Bodies for the operations with a JSON body: half hostile shapes, half valid shapes with hostile text. */
const hostileBodies = {
  ingest: mutated({ messages: fc.array(messageShape, { maxLength: 4 }), sessionId: hostileString, timestamp: time, wait: fc.boolean() }),
  remember: mutated({
    content, sessionId: hostileString, type: fc.constantFrom('fact', 'instruction', 'event', 'task', 'x'), topicKey: fc.oneof(fc.constantFrom('user.editor', 'a.b_c'), hostileString),
    eventTime: time, tags: fc.array(hostileString, { maxLength: 40 }), importance: hostileNumber,
  }),
  recall: mutated({ query: content, limit: hostileNumber, types: fc.array(fc.constantFrom('fact', 'event', 'x'), { maxLength: 3 }), synthesize: fc.boolean(), sessionId: hostileString, referenceDate: time }),
  context: mutated({ query: content, maxTokens: hostileNumber }),
  import: mutated({ format: fc.constantFrom('mnemo-export', 'x'), version: hostileNumber, profile: hostileString, memories: fc.array(anyJson, { maxLength: 3 }), messages: fc.array(anyJson, { maxLength: 3 }) }),
};

export const bodies = {
  ingest: fc.oneof(hostileBodies.ingest, validish.ingest),
  remember: fc.oneof(hostileBodies.remember, validish.remember),
  recall: fc.oneof(hostileBodies.recall, validish.recall),
  context: fc.oneof(hostileBodies.context, validish.context),
  import: hostileBodies.import,
};

/** Raw request bodies that are not JSON at all, or JSON at its extremes. */
export const rawBody = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)), // invalid UTF-8
  fc.constantFrom(
    Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), Buffer.from('{"content":"\xc3\x28"}', 'latin1'), Buffer.from('{"a":1'), Buffer.from('{"a":1}}'),
    Buffer.from('\u0000'), Buffer.from('[' .repeat(5000) + ']'.repeat(5000)), Buffer.from('{"a":'.repeat(3000) + '1' + '}'.repeat(3000)),
    Buffer.from(`{"messages":[${Array.from({ length: 600 }, () => '{"role":"user","content":"x"}').join(',')}]}`),
    Buffer.from(JSON.stringify({ content: 'a'.repeat(40_000) })), Buffer.from('null'), Buffer.from('"string"'), Buffer.from('12'), Buffer.from('{"__proto__":{"polluted":1},"content":"x"}'),
    Buffer.from('{"constructor":{"prototype":{"polluted":1}},"query":"x"}'),
  ),
);
