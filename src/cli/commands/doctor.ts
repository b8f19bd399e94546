import type { Command } from 'commander';
import { MnemoError } from '../../errors.js';
import { globals } from '../context.js';
import { emit } from '../output.js';

export function registerDoctor(program: Command): void {
  program
    .command('doctor')
    .description('check the language-model configuration from MNEMO_LLM_* env vars (reachability, key, a structured call)')
    .addHelpText(
      'after',
      '\nEnvironment: MNEMO_LLM_PROVIDER (openai|anthropic|openai-compatible), MNEMO_LLM_MODEL, MNEMO_LLM_BASE_URL,\n' +
        'MNEMO_LLM_API_KEY (or OPENAI_API_KEY / ANTHROPIC_API_KEY), MNEMO_LLM_SYNTHESIS_MODEL.\n' +
        'Example:\n  MNEMO_LLM_BASE_URL=http://localhost:11434/v1 MNEMO_LLM_MODEL=qwen2.5:7b mnemo doctor',
    )
    .action(async (_opts: unknown, cmd: Command) => {
      const g = globals(cmd);
      const { configFromEnv, doctor } = await import('../../models/llm/index.js');
      const config = configFromEnv(process.env);
      if (!config) {
        const msg = 'no language model configured: mnemo runs offline (rule-based extraction, extractive answers). Set MNEMO_LLM_MODEL (and MNEMO_LLM_PROVIDER / MNEMO_LLM_BASE_URL) to use one.';
        return emit(g.json, { configured: false, checks: [] }, () => msg);
      }
      const checks = await doctor(config);
      const ok = checks.every((c) => c.ok);
      emit(g.json, { configured: true, ok, checks }, () =>
        checks.flatMap((c) => [`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.message}`, ...(c.fix ? [`      fix: ${c.fix}`] : [])]),
      );
      if (!ok) throw new MnemoError('model_error', `the model configuration does not work (${checks.find((c) => !c.ok)?.name} failed)`);
    });
}
