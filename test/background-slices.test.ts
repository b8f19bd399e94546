import { describe, expect, it } from 'vitest';
import { inForeground, nextBackgroundSlice } from '../src/background/foreground.js';

describe('background slices', () => {
  it('run at once when no request is being answered', async () => {
    await expect(nextBackgroundSlice()).resolves.toBeUndefined();
  });

  it('wait for the request in flight to finish before running', async () => {
    const events: string[] = [];
    let finish!: () => void;
    const request = inForeground(() => new Promise<void>((resolve) => (finish = resolve)).then(() => { events.push('request done'); }));
    const slice = nextBackgroundSlice().then(() => { events.push('slice'); });
    await new Promise((r) => setImmediate(r));
    events.push('request still running');
    finish();
    await Promise.all([request, slice]);
    expect(events).toEqual(['request still running', 'request done', 'slice']);
  });

  it('still run under requests that never stop, so a load always finishes', async () => {
    let finish!: () => void;
    const endless = inForeground(() => new Promise<void>((resolve) => (finish = resolve)));
    let ran = false;
    await nextBackgroundSlice().then(() => { ran = true; });
    expect(ran).toBe(true);
    finish();
    await endless;
  });

  it('let a failed request release the slices it held back', async () => {
    const failed = inForeground(() => Promise.reject(new Error('boom')));
    const slice = nextBackgroundSlice();
    await expect(failed).rejects.toThrow('boom');
    await expect(slice).resolves.toBeUndefined();
  });
});
