import type { Command } from 'commander';
import type { RecallResult } from '../../api.js';
import { LIMITS } from '../../limits.js';
import type { MemoryType } from '../../types.js';
import { ONE_SHOT_SEARCH_PAGE_CACHE_MB, withProfile } from '../context.js';
import { emit, oneLine } from '../output.js';
import { choice, dateOption, intOption, typesOption } from '../parse.js';
import { type ScopeFlags, addScopeFilterOptions, scopeFilterInput } from '../scope-options.js';

interface Opts extends ScopeFlags {
  limit: number;
  types?: MemoryType[];
  session?: string;
  date?: string;
  synthesize: boolean;
  superseded?: boolean;
  tiers?: 'auto' | 'all';
}

export function registerRecall(program: Command): void {
  addScopeFilterOptions(program
    .command('recall')
    .description('answer a question from memory, with the ranked memories and messages that support it')
    .argument('<query>', 'a question or keywords')
    .option('--limit <n>', 'memories and messages to return', intOption(1, LIMITS.maxLimit), 10)
    .option('--types <list>', 'only these memory types (fact,instruction,event,task)', typesOption)
    .option('--session <id>', 'only this session')
    .option('--date <date>', 'reference date for "yesterday", "last week" (default: now)', dateOption)
    .option('--no-synthesize', 'skip the answer, return only the ranked evidence')
    .option('--superseded', 'include superseded memories (history questions)')
    .option('--tiers <mode>', 'auto: hot tier and archive first, escalating when unsure; all: every tier at once', choice(['auto', 'all'] as const)))
    .addHelpText('after', '\nExample:\n  mnemo recall "which package manager do we use?" --limit 5')
    .action(async (query: string, opts: Opts, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const res = await profile.recall(query, {
          limit: opts.limit,
          types: opts.types,
          sessionId: opts.session,
          referenceDate: opts.date,
          synthesize: opts.synthesize,
          includeSuperseded: opts.superseded === true,
          tiers: opts.tiers,
          ...scopeFilterInput(opts),
        });
        emit(g.json, res, () => formatRecall(res));
      }, { pageCacheMb: ONE_SHOT_SEARCH_PAGE_CACHE_MB });
    });
}

const channels = (hits: { channel: string; rank: number }[]) => hits.map((h) => `${h.channel}#${h.rank}`).join(' ');

export function formatRecall(res: RecallResult): string[] {
  const lines = [
    res.abstained || !res.answer ? 'answer: nothing found' : res.answer.includes('\n') ? `answer:\n${res.answer}` : `answer: ${res.answer}`,
    `confidence: ${res.confidence.toFixed(2)}`,
    `read as: ${res.reading.kind}${res.reading.timeRange ? ` in ${res.reading.timeRange.text}` : ''}; searched: ${res.reading.terms.join(' ') || '(nothing)'}`,
  ];
  if (res.reading.tiers) lines.push(`tiers: ${res.reading.tiers.searched.join(' → ')}${res.reading.tiers.why.length ? ` (${res.reading.tiers.why.join('; ')})` : ''}`);
  for (const t of res.temporal) lines.push(`computed: ${t.statement}`);
  if (res.memories.length) {
    lines.push('', 'memories:');
    res.memories.forEach((m, i) => {
      const when = m.eventTime ? ` @${m.eventTime.slice(0, 10)}` : m.topicKey ? ` [${m.topicKey}]` : '';
      const life = `${m.tier === 'cold' ? ' cold' : ''}${m.salience !== undefined ? ` salience ${m.salience.toFixed(2)}` : ''}`;
      lines.push(`  ${i + 1}. (${m.score.toFixed(3)}) ${m.type}${when}: ${oneLine(m.content, 90)}`, `     ${m.id}  via ${channels(m.channels)}${life}`);
    });
  }
  if (res.messages.length) {
    lines.push('', 'messages:');
    res.messages.forEach((m, i) => {
      const when = m.timestamp ? ` ${m.timestamp.slice(0, 10)}` : '';
      lines.push(`  ${i + 1}. (${m.score.toFixed(3)}) ${m.role}${when} [${m.sessionId}]: ${oneLine(m.content, 90)}`, `     via ${channels(m.channels)}`);
    });
  }
  return lines;
}
