/** Redaction rate on the seeded secrets corpus and false-positive rate on ordinary sentences. */
import { redactSecrets } from '../../src/ingest/secrets.js';
import { leaks, ordinarySentences, secretCorpus, type SecretSample } from '../../test/fixtures/secrets/corpus.js';

export interface SecretScore {
  samples: number;
  formats: number;
  redacted: number;
  missed: SecretSample[];
  sentences: number;
  falsePositives: { text: string; redacted: string }[];
}

export function scoreSecrets(seed = 20, perFormat = 5, sentences = 1000): SecretScore {
  const corpus = secretCorpus(seed, perFormat);
  const missed = corpus.filter((s) => leaks(redactSecrets(s.text).text, s.secret));
  const ordinary = ordinarySentences(seed + 1, sentences);
  const falsePositives = ordinary
    .map((text) => ({ text, redacted: redactSecrets(text).text }))
    .filter((x) => x.redacted !== x.text);
  return {
    samples: corpus.length,
    formats: new Set(corpus.map((s) => s.format)).size,
    redacted: corpus.length - missed.length,
    missed,
    sentences: ordinary.length,
    falsePositives,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const s = scoreSecrets();
  console.log(`secrets: ${s.redacted}/${s.samples} redacted (${s.formats} formats); false positives ${s.falsePositives.length}/${s.sentences}`);
  for (const m of s.missed) console.log('MISS', m.format, JSON.stringify(m.text).slice(0, 160));
  for (const f of s.falsePositives) console.log('FP  ', JSON.stringify(f.text), '=>', JSON.stringify(f.redacted));
}
