/** MCP tool to forget every memory matching a filter, with a dry run and a cap (write scope only). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ProfileApi } from '../api.js';
import { forgetWhereSchema } from '../schemas.js';
import { guard } from './errors.js';
import { brief, data } from './tools.js';

/** How many of the matches a dry run shows in full, so the user can check them before anything goes. */
const DRY_RUN_SHOWN = 10;

const S = forgetWhereSchema.shape;
export const forgetMatchingArgs = forgetWhereSchema.extend({
  userId: S.userId.describe('Forget memories about this user'),
  agentId: S.agentId.describe('Forget memories written by this agent'),
  runId: S.runId.describe('Forget memories of this run'),
  limit: S.limit.describe('Forget at most this many matches (1..100000; default all)'),
  dryRun: S.dryRun.describe('true: only report what would be forgotten, change nothing. Do this first.'),
  purge: S.purge.describe('true: also erase the content for good (personal data)'),
  reason: S.reason.describe('Why, kept in the audit log'),
});

export function registerForgetMatchingTool(server: McpServer, profile: ProfileApi): void {
  server.registerTool('forget_matching', {
    title: 'Forget memories matching a filter',
    description:
      'Forget every active memory matching userId, agentId, runId and/or filter (all ANDed; at least one is required, ' +
      'so nothing can match everything by accident) when the user asks to drop a whole scope, e.g. "forget everything ' +
      'about run r-42". Call it with dryRun=true first and confirm the matches with the user; limit caps how many go. ' +
      'Soft delete, audited, like forget; purge=true also erases content. Use forget for one memory by id. Returns the ' +
      'count and ids forgotten (with dryRun, those that would be, plus the first matches in full).',
    inputSchema: forgetMatchingArgs,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  }, (args) => guard(async () => {
    const r = await profile.forgetWhere(args);
    if (!r.dryRun) return data('Forgotten', { count: r.forgotten.length, forgotten: r.forgotten });
    const shown = await Promise.all(r.forgotten.slice(0, DRY_RUN_SHOWN).map((id) => profile.get(id)));
    return data('Would forget (dry run, nothing changed)', { dryRun: true, count: r.forgotten.length, forgotten: r.forgotten, first: shown.map(brief) });
  }));
}
