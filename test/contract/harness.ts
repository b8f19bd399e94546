import { afterEach, beforeEach, expect } from 'vitest';
import { isMnemoError, type ErrorCode } from '../../src/errors.js';
import { messageId, randomId } from '../../src/ids.js';
import type { Store, StoreProvider } from '../../src/store/store.js';
import type { NewMemory, NewMessage, Role } from '../../src/types.js';

export type MakeProvider = () => Promise<{ provider: StoreProvider; cleanup: () => Promise<void> }>;

export interface Harness {
  provider(): StoreProvider;
  /** The store of profile `test` on a fresh provider. */
  store(): Store;
}

/** Registers before/after hooks in the current describe block: a fresh provider per test. */
export function useHarness(makeProvider: MakeProvider): Harness {
  let provider: StoreProvider | null = null;
  let store: Store | null = null;
  let cleanup: (() => Promise<void>) | null = null;
  beforeEach(async () => {
    const made = await makeProvider();
    provider = made.provider;
    cleanup = made.cleanup;
    store = await provider.open('test');
  });
  afterEach(async () => {
    await provider?.close();
    await cleanup?.();
    provider = store = cleanup = null;
  });
  return {
    provider: () => provider!,
    store: () => store!,
  };
}

const BASE = Date.parse('2026-01-01T00:00:00.000Z');

/** A fixed ISO time `minutes` after the base date. */
export function at(minutes: number): string {
  return new Date(BASE + minutes * 60_000).toISOString();
}

export function msg(sessionId: string, role: Role, content: string, extra: Partial<NewMessage> = {}): NewMessage {
  return { id: messageId(sessionId, role, content), sessionId, role, content, timestamp: null, metadata: null, ...extra };
}

export function mem(content: string, extra: Partial<NewMemory> = {}): NewMemory {
  return {
    id: randomId(),
    type: 'fact',
    content,
    topicKey: null,
    eventTime: null,
    sessionId: null,
    sourceMessageIds: [],
    queries: [],
    tags: [],
    importance: 0.5,
    ...extra,
  };
}

/** A unit vector from the given components. */
export function vec(...xs: number[]): Float32Array {
  const norm = Math.sqrt(xs.reduce((s, x) => s + x * x, 0)) || 1;
  return Float32Array.from(xs.map((x) => x / norm));
}

export async function expectCode(promise: Promise<unknown>, code: ErrorCode): Promise<void> {
  let caught: unknown = null;
  try {
    await promise;
  } catch (err) {
    caught = err;
  }
  expect(caught, `expected a MnemoError with code ${code}`).not.toBeNull();
  expect(isMnemoError(caught) ? caught.code : caught).toBe(code);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
