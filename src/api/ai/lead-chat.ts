import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call, networkFailure } from '../client';
import type { ChatStreamEvent } from './contract';
import { aiEndpoints } from './contract';

export const leadThreadKey = (leadId: string) => ['ai', 'thread', leadId] as const;

/** `GET /chat-ai/lead-thread?leadId=…`: the lead's thread, its conversation and the model (null: none). */
export const leadThreadQueryOptions = (leadId: string) =>
  queryOptions({ queryKey: leadThreadKey(leadId), queryFn: () => call(aiEndpoints.leadThread, { query: { leadId } }) });
export const useLeadThread = (leadId: string) => useQuery(leadThreadQueryOptions(leadId));

/**
 * `POST /leads/{id}/chat`, read as it streams (server-sent events over fetch: EventSource cannot
 * POST). Each event reaches `onEvent` as it arrives; a refusal (404, 409 without a model, 429)
 * throws the API's error before anything streams.
 */
export async function sendChatMessage(leadId: string, text: string, onEvent: (event: ChatStreamEvent) => void): Promise<void> {
  const res = await fetch(`/api${aiEndpoints.sendChat.url({ id: leadId })}`, {
    method: aiEndpoints.sendChat.method,
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ text }),
  }).catch((error: unknown) => {
    // No answer: the message was not sent, said in the member's language (`errorMessage`).
    throw networkFailure(error, true);
  });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { message?: string; code?: string; issues?: never; params?: never };
    throw new ApiError(body.message ?? '', res.status, body.code, body.issues, body.params);
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .find((l) => l.startsWith('data:'));
      buffer = buffer.slice(end + 2);
      if (data) onEvent(JSON.parse(data.slice(5)) as ChatStreamEvent);
    }
  }
}
