import type { Command } from 'commander';
import { globals, openMnemo, profileGiven } from '../context.js';
import { println } from '../output.js';
import { intOption } from '../parse.js';
import { runDemo } from './demo.js';

interface Opts {
  host: string;
  port: number;
  demo?: boolean;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP REST API (and MCP over Streamable HTTP) until interrupted')
    .option('--host <host>', 'interface to bind; other than loopback needs an API key (mnemo keys create)', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', intOption(0, 65535), 7077)
    .option('--demo', 'first run the offline demo on a scratch profile ("demo" unless --profile is given)')
    .addHelpText('after', '\nExample:\n  mnemo serve --port 7077')
    .action(async (opts: Opts, cmd: Command) => {
      const g = globals(cmd);
      const [{ startHttpServer }, { openKeyStore }] = await Promise.all([import('../../http/index.js'), import('../../auth/index.js')]);
      const mnemo = await openMnemo(g, { background: true });
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
        await untilSignal();
        await server.close();
      } finally {
        await keys.close();
        await mnemo.close();
      }
    });
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
