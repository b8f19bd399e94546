/**
 * The one behavioural suite every Store backend must pass (SQLite, PostgreSQL, ...).
 * It uses only the Store and StoreProvider interfaces; nothing here may know a backend.
 */
import { describe } from 'vitest';
import { consolidationContract } from './consolidation.contract.js';
import { entityContract } from './entities.contract.js';
import { entityTopContract } from './entity-top.contract.js';
import { forgetAndSearchContract } from './forget-search.contract.js';
import { useHarness, type MakeProvider } from './harness.js';
import { inspectContract } from './inspect.contract.js';
import { isolationContract } from './isolation.contract.js';
import { jobContract } from './jobs.contract.js';
import { lifecycleContract } from './lifecycle.contract.js';
import { memoryContract } from './memories.contract.js';
import { messageContract } from './messages.contract.js';
import { portabilityContract } from './portability.contract.js';
import { scopeContract } from './scope.contract.js';
import { termMentionsContract } from './term-mentions.contract.js';
import { vectorContract } from './vectors.contract.js';

export type { MakeProvider } from './harness.js';

export function runStoreContract(name: string, makeProvider: MakeProvider): void {
  describe(`Store contract: ${name}`, () => {
    const h = useHarness(makeProvider);
    messageContract(h);
    memoryContract(h);
    forgetAndSearchContract(h);
    vectorContract(h);
    jobContract(h);
    portabilityContract(h);
    isolationContract(h);
    lifecycleContract(h);
    inspectContract(h);
    scopeContract(h);
    consolidationContract(h);
    entityContract(h);
    entityTopContract(h);
    termMentionsContract(h);
  });
}
