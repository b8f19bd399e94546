/**
 * What the adapters need from a profile: the library's `memory.profile(name)` and the HTTP
 * client's `client.profile(name)` both fit, so an agent can use memory in-process or remotely.
 */
export interface MemoryBackend {
  recall(query: string, opts?: {
    limit?: number; types?: ('fact' | 'instruction' | 'event' | 'task')[]; userId?: string; agentId?: string; runId?: string;
    filter?: Record<string, unknown> | string; synthesize?: boolean;
  }): Promise<{
    answer: string | null; confidence: number; abstained: boolean;
    memories: { id: string; type: string; content: string; topicKey: string | null; eventTime: string | null; createdAt: string; score: number; metadata: Record<string, unknown> }[];
  }>;
  remember(input: {
    content: string; type?: 'fact' | 'instruction' | 'event' | 'task'; topicKey?: string; tags?: string[];
    userId?: string; agentId?: string; runId?: string; metadata?: Record<string, unknown>;
  }): Promise<{ memory: { id: string; type: string; content: string }; created: boolean; superseded: string[]; redactions: { kind: string }[] }>;
  forget(id: string, opts?: { purge?: boolean; reason?: string }): Promise<{ id: string; status: string }>;
  get?(id: string): Promise<{ id: string; userId: string | null; agentId: string | null; runId: string | null }>;
}

/** Fixed by the application, never chosen by the model: whose memory the tools read and write. */
export interface MemoryScope {
  userId?: string;
  agentId?: string;
  runId?: string;
}
