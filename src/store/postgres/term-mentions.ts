import type { Sql } from './runner.js';
import { Params, tsQueryExpression } from './sql.js';

/**
 * For each term, whether a message or an active memory holds it (as searchMessages or
 * searchMemories would match it): one statement, an EXISTS probe of the GIN indexes per term
 * and table, stopping at the first match instead of ranking them all.
 */
export async function termsMentioned(sql: Sql, profile: string, terms: string[]): Promise<boolean[]> {
  const p = new Params(profile);
  const probes = terms.map((term) => {
    const tsq = tsQueryExpression({ terms: [term] }, p);
    return tsq && `(EXISTS (SELECT 1 FROM mnemo_messages WHERE profile = $1 AND fts @@ ${tsq})
      OR EXISTS (SELECT 1 FROM mnemo_memories WHERE profile = $1 AND status = 'active' AND fts @@ ${tsq}))`;
  });
  const columns = probes.flatMap((probe, i) => (probe ? [`${probe} AS t${i}`] : []));
  if (columns.length === 0) return terms.map(() => false);
  const res = await sql.query<Record<string, boolean>>(`SELECT ${columns.join(', ')}`, p.values);
  return terms.map((_, i) => res.rows[0][`t${i}`] === true);
}
