/** A recall thread: opens the memory service read-only-by-use (no job processing) and answers requests. */
import { parentPort, workerData } from 'node:worker_threads';
import { inForeground } from '../background/foreground.js';
import { toMnemoError } from '../errors.js';
import { openMemoryForRecall } from '../mnemo.js';
import type { ThreadReply, ThreadRequest } from './protocol.js';
import { type RecallText, toRecallText } from './recall-text.js';
import type { RecallThreadConfig } from './thread-config.js';

const port = parentPort!;
const config = workerData as RecallThreadConfig;
const post = (reply: ThreadReply) => port.postMessage(reply);
const mnemo = openMemoryForRecall({
  ...config,
  onWarning: (warning) => post({ warning }),
});

port.on('message', (req: ThreadRequest) => {
  void answer(req).then(
    (answered) => post({ id: req.id, ok: true, ...answered }),
    (err) => post({ id: req.id, ok: false, error: toMnemoError(err).toJSON() }),
  );
});

async function answer(req: ThreadRequest): Promise<{ value: unknown } | { recall: RecallText }> {
  if (req.op === 'block') return { value: block(req.ms) };
  const profile = mnemo.profile(req.profile);
  if (req.op === 'warm') return { value: await profile.warm({ background: req.background }) };
  // Index loads started by `warm` pause their slices while recalls are being answered.
  return { recall: toRecallText(await inForeground(() => profile.recall(req.query, req.options))) };
}

/** The internal test-only 'block' op: holds the thread the way a runaway loop would. */
function block(ms: number): null {
  const until = Date.now() + ms;
  while (Date.now() < until);
  return null;
}
