/** The ONE place where a thrown error becomes an MCP tool result (`isError: true`). */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toMnemoError } from '../errors.js';

export function toolError(err: unknown): CallToolResult {
  const e = toMnemoError(err);
  return { isError: true, content: [{ type: 'text', text: `${e.code}: ${e.message}` }] };
}

/** Runs a tool body; any error becomes an isError result the model can read and act on. */
export async function guard(fn: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await fn();
  } catch (err) {
    return toolError(err);
  }
}
