import type { Command } from 'commander';
import type { MnemoApi } from '../../api.js';
import { MnemoError } from '../../errors.js';
import { globals, openMnemo, profileGiven } from '../context.js';
import { println } from '../output.js';
import { intOption } from '../parse.js';
import { defaultRecallThreads } from '../../recall-pool/thread-count.js';
import { runDemo } from './demo.js';

interface Opts {
  webhooks?: boolean;
  webhooksAllowPrivate?: boolean;
  host: string;
  port: number;
  demo?: boolean;
  recallThreads?: number;
  recallTimeout?: number;
}

/** How long `serve` may ready profiles before it listens anyway. */
const READY_BUDGET_MS = 5_000;

function recallThreadsFromEnv(): number {
  return intFromEnv('MNEMO_RECALL_THREADS', 0, 64) ?? defaultRecallThreads();
}

function intFromEnv(name: string, min: number, max: number): number | undefined {
  const fromEnv = process.env[name]?.trim();
  if (!fromEnv) return undefined;
  const n = Number(fromEnv);
  if (!Number.isInteger(n) || n < min || n > max) throw new MnemoError('invalid_input', `${name} must be an integer from ${min} to ${max}; got "${fromEnv}"`);
  return n;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP REST API (and MCP over Streamable HTTP) until interrupted')
    .option('--host <host>', 'interface to bind; other than loopback needs an API key (mnemo keys create)', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', intOption(0, 65535), 7077)
    .option('--recall-threads <n>', 'threads answering recall beside the main one, each with its own indexes (env MNEMO_RECALL_THREADS; default: one per core but one, 1 to 4)', intOption(0, 64))
    .option('--recall-timeout <ms>', 'ms a threaded recall may wait on a thread that answers nothing else before it fails and the thread, maybe stuck, is replaced (env MNEMO_RECALL_TIMEOUT_MS; default 30000, more with a model)', intOption(100, 3_600_000))
    .option('--demo', 'first run the offline demo on a scratch profile ("demo" unless --profile is given)')
    .option('--no-webhooks', 'do not deliver webhooks from this server (another server of the same data delivers them)')
    .option('--webhooks-allow-private', 'let webhooks target loopback and private-network addresses (link-local/metadata ones never)')
    .addHelpText('after', '\nExample:\n  mnemo serve --port 7077')
    .action(async (opts: Opts, cmd: Command) => {
      const g = globals(cmd);
      const [{ startHttpServer }, { openKeyStore }] = await Promise.all([import('../../http/index.js'), import('../../auth/index.js')]);
      const mnemo = await openMnemo(g, {
        background: true,
        recallThreads: opts.recallThreads ?? recallThreadsFromEnv(),
        recallTimeoutMs: opts.recallTimeout ?? intFromEnv('MNEMO_RECALL_TIMEOUT_MS', 100, 3_600_000),
      });
      const keys = openKeyStore(g.dataDir);
      try {
        const demoProfile = profileGiven(cmd) ? g.profile : 'demo';
        if (opts.demo) await runDemo(mnemo.profile(demoProfile), { json: g.json });
        await readyProfiles(mnemo, READY_BUDGET_MS);
        const server = await startHttpServer({ mnemo, keys, host: opts.host, port: opts.port, webhooks: opts.webhooks === false ? false : { allowPrivate: opts.webhooksAllowPrivate ?? false } });
        const auth = (await keys.everHadKeys()) ? ` -H "authorization: Bearer $MNEMO_KEY"` : '';
        if (g.json) println(JSON.stringify({ url: server.url }));
        else {
          println(`mnemo is listening on ${server.url} (data in ${g.dataDir}; OpenAPI at ${server.url}/openapi.json)`);
          const example = opts.demo ? `${demoProfile}/recall?q=which+package+manager+should+I+use` : `${g.profile}/recall?q=what+do+you+remember`;
          println(`try: curl -s '${server.url}/v1/profiles/${example}'${auth}`);
        }
        const warming = warmProfiles(mnemo);
        await untilSignal();
        warming.stop();
        await server.close();
      } finally {
        await keys.close();
        await mnemo.close();
      }
    });
}

/**
 * Before listening, readies each profile for a first recall (its recall threads started, their code
 * compiled, per-profile state read; see ProfileApi.warm), for at most `budgetMs`: past it the
 * server listens and the rest goes on. Index loads are left to the background.
 */
async function readyProfiles(mnemo: MnemoApi, budgetMs: number): Promise<void> {
  const ready = (async () => {
    for (const name of await mnemo.listProfiles()) await mnemo.profile(name).warm({ background: true });
  })().catch(() => undefined); // warmProfiles reports failures
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([ready, new Promise((resolve) => (timer = setTimeout(resolve, budgetMs)))]);
  clearTimeout(timer);
}

/**
 * Loads every profile's indexes in the background, so the first recalls do not pay for it. A
 * warm-up cut short by shutdown (its recall threads stopped) is not a failure worth a warning.
 */
function warmProfiles(mnemo: MnemoApi): { stop(): void } {
  let stopped = false;
  void (async () => {
    for (const name of await mnemo.listProfiles()) if (!stopped) await mnemo.profile(name).warm();
  })().catch((err) => {
    if (!stopped) process.stderr.write(`mnemo: warning: warming the indexes failed: ${err instanceof Error ? err.message : String(err)}\n`);
  });
  return { stop: () => void (stopped = true) };
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
