/**
 * Does offline recall say "nothing found" when nothing was said? Per LoCoMo conversation, one
 * profile answers three kinds of question: its own adversarial ones (category 5: never
 * mentioned, should abstain), the answerable questions of the next conversation (asked of the
 * wrong profile, should abstain), and its own answerable ones (categories 1–4, should not).
 */
import { LIMITS } from '../limits.js';
import { loadLocomo } from './datasets/locomo.js';
import type { OpenProfile } from './mnemo-system.js';
import { defaultLocomoPath } from './paths.js';
import { splitOversized } from './split-oversized.js';
import { isRecallScored, type BenchQuestion } from './types.js';
import { type RecallTuning, recallTuning, setRecallTuning } from '../recall/tuning.js';

/** The answerability signals switched off: what the confidence floor alone abstains on. */
const SIGNALS_OFF: Partial<RecallTuning> = { misattributionGap: 2, nameEvidenceWindow: 0, unknownNamesAbove: 1 };

export type ProbeKind = 'adversarial' | 'wrong-profile' | 'answerable';

export interface AbstentionProbe {
  kind: ProbeKind;
  /** The profile asked (the conversation it holds). */
  profile: string;
  question: string;
  abstained: boolean;
  answer: string | null;
  confidence: number;
  /** Whether the baseline (confidence floor only, answerability signals off) abstained. */
  baselineAbstained: boolean;
}

export interface AbstentionSummary {
  kind: ProbeKind;
  total: number;
  abstained: number;
  /** Abstained / total × 100: the goal for the first two kinds, false abstention for the last. */
  rate: number;
  /** The same for the baseline of the same run. */
  baselineRate: number;
}

export interface AbstentionResult {
  dataPath: string;
  conversations: string[];
  summaries: AbstentionSummary[];
  probes: AbstentionProbe[];
}

export async function runAbstentionBench(opts: { dataPath?: string; openProfile: OpenProfile; limitQuestions?: number }): Promise<AbstentionResult> {
  const dataPath = opts.dataPath ?? defaultLocomoPath();
  const conversations = loadLocomo(dataPath);
  const cap = (qs: BenchQuestion[]) => (opts.limitQuestions ? qs.slice(0, opts.limitQuestions) : qs);
  const probes: AbstentionProbe[] = [];
  for (const [i, conversation] of conversations.entries()) {
    const other = conversations[(i + 1) % conversations.length]!;
    const opened = await opts.openProfile(`abstention-${i}`);
    try {
      const messages = splitOversized(conversation.messages, LIMITS.maxContentChars);
      for (let at = 0; at < messages.length; at += LIMITS.maxMessagesPerIngest) {
        await opened.profile.ingest(messages.slice(at, at + LIMITS.maxMessagesPerIngest), { wait: true });
      }
      const asked: [ProbeKind, BenchQuestion][] = [
        ...cap(conversation.questions.filter((q) => q.abstain)).map((q) => ['adversarial', q] as [ProbeKind, BenchQuestion]),
        ...(other === conversation ? [] : cap(other.questions.filter(isRecallScored)).map((q) => ['wrong-profile', q] as [ProbeKind, BenchQuestion])),
        ...cap(conversation.questions.filter(isRecallScored)).map((q) => ['answerable', q] as [ProbeKind, BenchQuestion]),
      ];
      for (const [kind, q] of asked) {
        const tuned = recallTuning();
        setRecallTuning({ ...tuned, ...SIGNALS_OFF });
        const base = await opened.profile.recall(q.question, { referenceDate: q.referenceDate });
        setRecallTuning(tuned);
        const r = await opened.profile.recall(q.question, { referenceDate: q.referenceDate });
        probes.push({ kind, profile: conversation.id, question: q.question, abstained: r.abstained, answer: r.answer, confidence: r.confidence, baselineAbstained: base.abstained });
      }
    } finally {
      await opened.close();
    }
  }
  const kinds: ProbeKind[] = ['adversarial', 'wrong-profile', 'answerable'];
  const summaries = kinds.map((kind) => {
    const of = probes.filter((p) => p.kind === kind);
    const abstained = of.filter((p) => p.abstained).length;
    const rate = (n: number) => (of.length ? (n / of.length) * 100 : 0);
    return { kind, total: of.length, abstained, rate: rate(abstained), baselineRate: rate(of.filter((p) => p.baselineAbstained).length) };
  });
  return { dataPath, conversations: conversations.map((c) => c.id), summaries, probes };
}

const LABEL: Record<ProbeKind, string> = {
  adversarial: 'adversarial, never mentioned (category 5): abstention',
  'wrong-profile': "another conversation's answerable questions (wrong profile): abstention",
  answerable: 'answerable (categories 1–4): false abstention',
};

export function formatAbstention(result: AbstentionResult): string {
  const rows = result.summaries.map((s) => `| ${LABEL[s.kind]} | ${s.total} | ${s.baselineRate.toFixed(1)} % | ${s.abstained} | ${s.rate.toFixed(1)} % |`);
  return [
    `## LoCoMo: abstention of offline recall`,
    '',
    `Data: \`${result.dataPath}\`; conversations: ${result.conversations.join(', ')}.`,
    '',
    'Baseline, same run: the confidence floor alone (subject binding, presupposed names and unknown names off).',
    '',
    '| questions | asked | baseline rate | abstained | rate |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
}
