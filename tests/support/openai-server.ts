import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-compatible server for tests (`POST /v1/chat/completions`), scripted per test:
 * each request takes the next scripted reply (or the default one). It answers chat completions
 * as JSON or as a stream of server-sent events (`stream: true`), with tool calls, structured
 * output (the content a test gives, JSON or not), a status, garbage, a stall (for time-outs) or
 * a stream cut mid-answer. Every request's body is kept for the test to read.
 */
export type Reply =
  | { content: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { toolCalls: { name: string; arguments: unknown }[] }
  | { status: number; body?: string }
  | { garbage: string }
  /** Never answers (the client's time-out ends it). */
  | { stall: true }
  /** Streams these pieces of content, then drops the connection without finishing. */
  | { cutAfter: string[] };

export interface FakeModel {
  baseUrl: string;
  requests: { body: Record<string, unknown>; headers: http.IncomingHttpHeaders }[];
  /** Replies for the next requests, in order. */
  script(...replies: Reply[]): void;
  close(): Promise<void>;
}

const completion = (message: Record<string, unknown>, usage = { prompt_tokens: 120, completion_tokens: 30 }) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 0,
  model: 'test-model',
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
  usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
});

const chunk = (delta: Record<string, unknown>, finish: string | null = null, usage?: object) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: 'test-model', choices: [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;

export async function startFakeModel(fallback: Reply = { content: 'Hello from the test model.' }): Promise<FakeModel> {
  const queue: Reply[] = [];
  const requests: FakeModel['requests'] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      requests.push({ body, headers: req.headers });
      const reply = queue.shift() ?? fallback;
      if ('stall' in reply) return;
      if ('status' in reply) return void res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body ?? '{"error":{"message":"failure"}}');
      if ('garbage' in reply) return void res.writeHead(200, { 'content-type': 'application/json' }).end(reply.garbage);
      const toolCalls = 'toolCalls' in reply ? reply.toolCalls.map((t, i) => ({ id: `call_${requests.length}_${i}`, type: 'function', function: { name: t.name, arguments: JSON.stringify(t.arguments) } })) : undefined;
      if (!body.stream) {
        if ('cutAfter' in reply) return void res.socket?.destroy();
        const message = toolCalls ? { content: null, tool_calls: toolCalls } : { content: (reply as { content: string }).content };
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(message, 'usage' in reply ? reply.usage : undefined)));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      if (toolCalls) {
        toolCalls.forEach((t, index) => res.write(chunk({ tool_calls: [{ index, ...t }] })));
        res.write(chunk({}, 'tool_calls', { prompt_tokens: 100, completion_tokens: 10 }));
        return void res.end('data: [DONE]\n\n');
      }
      if ('cutAfter' in reply) {
        for (const piece of reply.cutAfter) res.write(chunk({ content: piece }));
        // Let the pieces reach the client before the connection drops.
        return void setTimeout(() => res.socket?.destroy(), 50);
      }
      const text = (reply as { content: string }).content;
      res.write(chunk({ role: 'assistant', content: '' }));
      for (const piece of text.match(/.{1,12}/gs) ?? []) res.write(chunk({ content: piece }));
      res.write(chunk({}, 'stop', { prompt_tokens: 100, completion_tokens: 20 }));
      res.end('data: [DONE]\n\n');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
