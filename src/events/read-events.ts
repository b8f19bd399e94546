import type { Store } from '../store/store.js';
import { isReplayed } from '../store/replayed-audit.js';
import { CHANGE_EVENT_TYPES, type ChangeEvent, type EventsOptions, eventFromAudit } from './change-event.js';

const MAX_EVENTS = 1000;

/** Change events after `opts.after`, oldest first, read from the audit log (history replayed by an import is not an event). */
export async function readEvents(store: Store, profile: string, opts: EventsOptions = {}): Promise<ChangeEvent[]> {
  if (opts.latest) {
    const last = await store.lastAuditId();
    return last === 0 ? [] : (await store.listAudit({ afterId: last - 1, limit: 1 })).map((e) => eventFromAudit(profile, e));
  }
  const limit = Math.min(Math.max(1, opts.limit ?? 100), MAX_EVENTS);
  const after = Math.max(0, Math.floor(opts.after ?? 0));
  // Replayed entries and other types are skipped: keep reading until the page is full or the log ends.
  const wanted = new Set(opts.types?.length ? opts.types : CHANGE_EVENT_TYPES);
  const out: ChangeEvent[] = [];
  let cursor = after;
  while (out.length < limit) {
    const page = await store.listAudit({ afterId: cursor, limit: MAX_EVENTS });
    if (page.length === 0) break;
    for (const e of page) {
      if (isReplayed(e)) continue;
      const ev = eventFromAudit(profile, e);
      if (wanted.has(ev.type)) out.push(ev);
      if (out.length >= limit) break;
    }
    cursor = page[page.length - 1].id;
  }
  return out;
}
