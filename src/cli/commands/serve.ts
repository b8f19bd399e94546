import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import type { MnemoApi } from '../../api.js';
import { MnemoError } from '../../errors.js';
import { globals, openMnemo, profileGiven } from '../context.js';
import { println } from '../output.js';
import { intOption } from '../parse.js';
import { runDemo } from './demo.js';

interface Opts {
  host: string;
  port: number;
  demo?: boolean;
  recallThreads?: number;
}

/** One recall thread per core, up to four: the main thread's HTTP and writes wait on I/O often enough to share. */
function defaultRecallThreads(): number {
  const fromEnv = process.env.MNEMO_RECALL_THREADS?.trim();
  if (fromEnv) {
    const n = Number(fromEnv);
    if (!Number.isInteger(n) || n < 0 || n > 64) throw new MnemoError('invalid_input', `MNEMO_RECALL_THREADS must be an integer from 0 to 64; got "${fromEnv}"`);
    return n;
  }
  return Math.min(4, availableParallelism());
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP REST API (and MCP over Streamable HTTP) until interrupted')
    .option('--host <host>', 'interface to bind; other than loopback needs an API key (mnemo keys create)', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', intOption(0, 65535), 7077)
    .option('--recall-threads <n>', 'threads answering recall beside the main one, each with its own indexes (env MNEMO_RECALL_THREADS; default: one per core, at most 4)', intOption(0, 64))
    .option('--demo', 'first run the offline demo on a scratch profile ("demo" unless --profile is given)')
    .addHelpText('after', '\nExample:\n  mnemo serve --port 7077')
    .action(async (opts: Opts, cmd: Command) => {
      const g = globals(cmd);
      const [{ startHttpServer }, { openKeyStore }] = await Promise.all([import('../../http/index.js'), import('../../auth/index.js')]);
      const mnemo = await openMnemo(g, { background: true, recallThreads: opts.recallThreads ?? defaultRecallThreads() });
      const keys = openKeyStore(g.dataDir);
      try {
        const demoProfile = profileGiven(cmd) ? g.profile : 'demo';
        if (opts.demo) await runDemo(mnemo.profile(demoProfile), { json: g.json });
        const server = await startHttpServer({ mnemo, keys, host: opts.host, port: opts.port });
        const auth = (await keys.everHadKeys()) ? ` -H "authorization: Bearer $MNEMO_KEY"` : '';
        if (g.json) println(JSON.stringify({ url: server.url }));
        else {
          println(`mnemo is listening on ${server.url} (data in ${g.dataDir}; OpenAPI at ${server.url}/openapi.json)`);
          const example = opts.demo ? `${demoProfile}/recall?q=which+package+manager+should+I+use` : `${g.profile}/recall?q=what+do+you+remember`;
          println(`try: curl -s '${server.url}/v1/profiles/${example}'${auth}`);
        }
        warmProfiles(mnemo);
        await untilSignal();
        await server.close();
      } finally {
        await keys.close();
        await mnemo.close();
      }
    });
}

/** Loads every profile's indexes in the background, so the first recalls do not pay for it. */
function warmProfiles(mnemo: MnemoApi): void {
  void (async () => {
    for (const name of await mnemo.listProfiles()) await mnemo.profile(name).warm();
  })().catch((err) => process.stderr.write(`mnemo: warning: warming the indexes failed: ${err instanceof Error ? err.message : String(err)}\n`));
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
