/** Model usage in the shape ExtractionOutput / QueryAnalysis / SynthesisOutput report it. */
export interface Usage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

export const emptyUsage = (): Usage => ({ calls: 0, inputTokens: 0, outputTokens: 0 });

export function addUsage(into: Usage, more: Usage): Usage {
  into.calls += more.calls;
  into.inputTokens += more.inputTokens;
  into.outputTokens += more.outputTokens;
  return into;
}

/** A running total every model call reports to (one per memory handle, or per process). */
export class UsageCounter {
  private total = emptyUsage();
  private readonly byStage = new Map<string, Usage>();

  record(stage: string, usage: Usage): void {
    addUsage(this.total, usage);
    const current = this.byStage.get(stage) ?? emptyUsage();
    this.byStage.set(stage, addUsage(current, usage));
  }

  snapshot(): Usage & { byStage: Record<string, Usage> } {
    return { ...this.total, byStage: Object.fromEntries([...this.byStage].map(([k, v]) => [k, { ...v }])) };
  }

  reset(): void {
    this.total = emptyUsage();
    this.byStage.clear();
  }
}
