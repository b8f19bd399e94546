import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMnemoError } from '../src/errors.js';
import { createProviderEmbedder } from '../src/models/embedders/ai-sdk-providers.js';
import { dot } from '../src/models/embedders/vector-math.js';

/** A real HTTP server speaking the OpenAI `/v1/embeddings` wire format (no SDK mocks). */
const requests: { model: string; input: string[]; dimensions?: number }[] = [];
let server: Server;
let baseURL: string;

function fakeVector(text: string, dims: number): number[] {
  return Array.from({ length: dims }, (_, i) => ((text.charCodeAt(i % text.length) * (i + 1)) % 17) - 8 + 0.5);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { model: string; input: string[]; dimensions?: number };
      requests.push(parsed);
      if (req.url !== '/v1/embeddings' || parsed.model === 'missing-model') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `model ${parsed.model} not found`, type: 'invalid_request_error' } }));
        return;
      }
      const dims = parsed.dimensions ?? 12;
      const data = parsed.input.map((text, index) => ({ object: 'embedding', index, embedding: fakeVector(text, dims) }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data, model: parsed.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('AI SDK embedder over an OpenAI-compatible server', () => {
  it('probes dimensions, batches, normalizes and names itself', async () => {
    requests.length = 0;
    const embedder = await createProviderEmbedder({ provider: 'openai-compatible', name: 'ollama', model: 'nomic-embed-text', baseURL, batchSize: 3 });
    expect(embedder.dimensions).toBe(12);
    expect(embedder.id).toBe('ollama:nomic-embed-text@12');
    const texts = ['one', 'two', 'three', 'four', 'five', 'one'];
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(6);
    expect(requests.slice(1).map((r) => r.input.length)).toEqual([3, 3]);
    for (const v of vectors) expect(dot(v, v)).toBeCloseTo(1, 5);
    expect(Array.from(vectors[5])).toEqual(Array.from(vectors[0]));
  });

  it('passes requested dimensions through and skips the probe', async () => {
    requests.length = 0;
    const embedder = await createProviderEmbedder({ provider: 'openai', model: 'text-embedding-3-small', baseURL, apiKey: 'sk-test', dimensions: 8 });
    expect(requests).toHaveLength(0);
    expect(embedder.id).toBe('openai:text-embedding-3-small@8');
    const [v] = await embedder.embed(['hello']);
    expect(v).toHaveLength(8);
    expect(requests[0].dimensions).toBe(8);
  });

  it('reports server errors as MnemoError model_error', async () => {
    const err = await createProviderEmbedder({ provider: 'openai-compatible', model: 'missing-model', baseURL }).catch((e: unknown) => e);
    expect(isMnemoError(err) && err.code).toBe('model_error');
    expect(String((err as Error).message)).toContain('missing-model');
  });
});
