import type { Command } from 'commander';
import { CHANGE_EVENT_TYPES, type ChangeEventType } from '../../events/change-event.js';
import { withProfile } from '../context.js';
import { emit } from '../output.js';

export function registerWebhooks(program: Command): void {
  const hooks = program.command('webhooks').description('webhooks that receive this profile\'s change events (delivered by `mnemo serve`)');
  hooks
    .command('add')
    .description('register a webhook; prints its signing secret once')
    .argument('<url>', 'http(s) URL that receives POSTed events')
    .option('--events <list>', `only these event types (${CHANGE_EVENT_TYPES.join(',')})`)
    .option('--allow-private', 'accept a loopback/private-network receiver (the server must run with --webhooks-allow-private to deliver to it)')
    .action(async (url: string, opts: { events?: string; allowPrivate?: boolean }, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const events = opts.events?.split(',').map((t) => t.trim()).filter(Boolean) as ChangeEventType[] | undefined;
        const hook = await profile.webhooks().create({ url, events }, { allowPrivate: opts.allowPrivate ?? false });
        emit(g.json, hook, () => [`webhook ${hook.id} → ${hook.url}`, `secret (shown once): ${hook.secret}`]);
      });
    });
  hooks
    .command('list')
    .description('list webhooks')
    .action(async (_opts: unknown, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const list = await profile.webhooks().list();
        emit(g.json, { webhooks: list }, () => (list.length ? list.map((w) => `${w.id}  ${w.url}  ${w.events?.join(',') ?? 'all events'}`) : ['no webhooks']));
      });
    });
  hooks
    .command('remove')
    .description('remove a webhook')
    .argument('<id>', 'webhook id')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const w = await profile.webhooks().remove(id);
        emit(g.json, w, () => `removed ${w.id}`);
      });
    });
  hooks
    .command('deliveries')
    .description('recent delivery attempts and dead letters of a webhook')
    .argument('<id>', 'webhook id')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const d = await profile.webhooks().deliveries(id);
        emit(g.json, d, () => [
          `cursor: event ${d.cursor}`,
          ...d.deliveries.slice(0, 20).map((x) => `${x.at}  event ${x.eventId} ${x.eventType}  attempt ${x.attempt}  ${x.outcome}${x.status ? ` ${x.status}` : ''}${x.error ? `  ${x.error}` : ''}`),
          ...(d.dead.length ? [`dead letters: ${d.dead.length}`] : []),
        ]);
      });
    });
}
