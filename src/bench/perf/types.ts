/** Options and the JSON result of `runPerfBench`. */
import type { Embedder } from '../../models/embedder.js';
import type { EmbedderConfig } from '../../models/embedders/resolve.js';
import type { BuildStats } from './build-profile.js';
import type { CliColdRecall } from './cli-cold.js';
import type { ColdStart } from './cold-start.js';
import type { CpuSummary } from './cpu-profile.js';
import type { DiskUsage } from './disk.js';
import type { MachineFacts } from './machine.js';
import type { IngestMeasurement } from './measure-ingest.js';
import type { RecallMeasurement } from './measure-recall.js';
import type { RememberMeasurement } from './measure-remember.js';
import type { VectorMeasurement } from './measure-vectors.js';

export interface PerfBenchOptions {
  /** Profile sizes in memories (default 10K and 100K; 1M on request). */
  sizes?: number[];
  seed?: number;
  /** Recall questions per size (default 300). */
  queries?: number;
  /** remember() calls per size (default 300). */
  remembers?: number;
  /** Messages ingested through profile.ingest per size (default 1,000). */
  ingestMessages?: number;
  /** Memories per writeMemories batch while building (default 2,000). */
  batchSize?: number;
  /** Default: the offline GloVe embedder. */
  embedder?: Embedder | EmbedderConfig;
  modelsDir?: string;
  /** Where profiles are built (default a temp dir, removed afterwards unless `keep`). */
  workDir?: string;
  keep?: boolean;
  /** Spawn a server process and time /healthz and the first recall (default true). */
  coldStart?: boolean;
  /** Exact vs HNSW rows (default true). */
  vectors?: boolean;
  log?: (line: string) => void;
  /** Profile the recall loop again under the CPU profiler; the .cpuprofile is written as `<prefix>-<size>.cpuprofile`. */
  cpuProfile?: string;
}

export interface SizeResult {
  size: number;
  build: BuildStats;
  activeMemories: number;
  memoryVectors: number;
  messageVectors: number;
  recall: RecallMeasurement;
  remember: RememberMeasurement;
  /** Into the big profile, and the same messages into an empty profile (the baseline). */
  ingest: { profile: IngestMeasurement; empty: IngestMeasurement };
  disk: DiskUsage;
  /** Bench process peak while building and measuring (holds the collected vector matrix too). */
  peakRssBytes: number;
  /** Opening the profile for search: text indexes loaded, vector indexes loaded or built. */
  /** The first open after the build: indexes built and the HNSW graphs saved. */
  firstWarmMs: number;
  warmMs: number;
  coldStart: ColdStart | null;
  /** Cold `mnemo recall` processes (see cli-cold.ts); absent when cold starts were skipped or the CLI is not built. */
  cliRecall?: CliColdRecall | null;
  vectors: VectorMeasurement | null;
  /** Where recall's CPU time goes (only with `cpuProfile`). */
  recallCpu?: CpuSummary;
  warnings: string[];
}

export interface TargetCheck {
  name: string;
  target: string;
  measured: string;
  met: boolean;
}

export interface PerfResult {
  startedAt: string;
  totalSeconds: number;
  seed: number;
  embedder: string;
  machine: MachineFacts;
  sizes: SizeResult[];
  targets: TargetCheck[];
}
