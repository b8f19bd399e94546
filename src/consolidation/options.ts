import { z } from 'zod';
import { DEFAULT_PLAN_OPTIONS, type PlanOptions } from './plan.js';
import type { GroupKind } from './types.js';

export const GROUP_KINDS = ['merge', 'semantic', 'summary'] as const;
/**
 * What a run does unless told otherwise. Semantic memories are asked for explicitly: recall ranks
 * them by their own match (src/recall/gathered-aside.ts), but their words still shift the memory
 * index's full-text statistics and BEAM dev instruction following and preference recall@10 fall
 * about 5 points with them (the ablation in README "Consolidation").
 */
export const DEFAULT_KINDS: readonly GroupKind[] = ['merge', 'summary'];

/** What a caller may set for one consolidation run (library, CLI, HTTP, MCP share it). */
export const consolidateOptionsSchema = z
  .object({
    /** Default merge and summary (see DEFAULT_KINDS). */
    kinds: z.array(z.enum(GROUP_KINDS)).min(1, 'kinds needs at least one of merge, semantic, summary').optional(),
    minTopicMembers: z.number().int().min(2).max(100).optional(),
    maxTopicMembers: z.number().int().min(2).max(1000).optional(),
    minTopicSessions: z.number().int().min(1).max(100).optional(),
    maxSummaryMembers: z.number().int().min(2).max(100).optional(),
    /** Model calls allowed in this run; groups beyond it get the rule-written content. */
    maxModelCalls: z.number().int().min(0).max(100_000).optional(),
    /** Run now and return the report (default), or only queue the job. */
    wait: z.boolean().optional(),
  })
  .strict()
  .refine((o) => (o.minTopicMembers ?? DEFAULT_PLAN_OPTIONS.minTopicMembers) <= (o.maxTopicMembers ?? DEFAULT_PLAN_OPTIONS.maxTopicMembers), {
    message: 'minTopicMembers must not exceed maxTopicMembers',
  });
export type ConsolidateOptions = z.input<typeof consolidateOptionsSchema>;

/** Model calls one run may make by default: with groups of at most 12 members of 200 characters, about 1K input tokens each. */
export const DEFAULT_MAX_MODEL_CALLS = 500;

export interface ConsolidationSettings {
  kinds: ReadonlySet<GroupKind>;
  plan: PlanOptions;
  maxModelCalls: number;
}

export function settingsFrom(o: z.output<typeof consolidateOptionsSchema>): ConsolidationSettings {
  return {
    kinds: new Set(o.kinds ?? DEFAULT_KINDS),
    plan: {
      minTopicMembers: o.minTopicMembers ?? DEFAULT_PLAN_OPTIONS.minTopicMembers,
      maxTopicMembers: o.maxTopicMembers ?? DEFAULT_PLAN_OPTIONS.maxTopicMembers,
      minTopicSessions: o.minTopicSessions ?? DEFAULT_PLAN_OPTIONS.minTopicSessions,
      maxSummaryMembers: o.maxSummaryMembers ?? DEFAULT_PLAN_OPTIONS.maxSummaryMembers,
    },
    maxModelCalls: o.maxModelCalls ?? DEFAULT_MAX_MODEL_CALLS,
  };
}
