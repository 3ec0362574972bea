import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { initI18n } from '../../src/ui/i18n';
import { createQueryClient } from '../../src/ui/query-client';
import { reviewsResource, useReviewLoadingFlags } from '../../src/api/catalogue/reviews/get-reviews';

configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const REVIEW = { _id: '00000000-0000-4000-8000-000000000001', customerName: 'Ana', rating: 5, text: 'Lovely', isPublished: true };

/**
 * The server held: every call waits until the test answers it, so a flag can be seen while its
 * call is under way and after it ends.
 */
const waiting: { method: string; path: string; answer: () => void }[] = [];
function heldServer(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = method === 'GET' ? { data: [REVIEW], meta: { currentPage: 1, limit: 50, totalItems: 1, totalPages: 1 } } : { data: REVIEW, message: 'Review deleted successfully' };
  return new Promise<Response>((resolve) => {
    waiting.push({ method, path: url.pathname, answer: () => resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })) });
  });
}
/** Answers the oldest held call of this method. */
async function answer(method: string) {
  await waitFor(() => expect(waiting.some((w) => w.method === method)).toBe(true));
  const i = waiting.findIndex((w) => w.method === method);
  waiting.splice(i, 1)[0].answer();
}

function Probe() {
  const flags = useReviewLoadingFlags();
  reviewsResource.useList({});
  const create = reviewsResource.useCreate();
  const update = reviewsResource.useUpdate();
  const remove = reviewsResource.useDelete();
  return (
    <>
      <output data-testid="flags">{(['fetching', 'creating', 'updating', 'deleting'] as const).filter((f) => flags[f]).join(',') || 'idle'}</output>
      <button onClick={() => create.mutate({ customerName: 'Ana', rating: 5, text: 'Lovely' } as never)}>create</button>
      <button onClick={() => update.mutate({ id: REVIEW._id, input: { isPublished: false } as never })}>update</button>
      <button onClick={() => remove.mutate(REVIEW._id)}>delete</button>
    </>
  );
}

const flags = () => screen.getByTestId('flags').textContent;

describe("reviews' loading flags (seed: fetching, creating, updating, deleting)", () => {
  beforeAll(() => initI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    waiting.length = 0;
  });

  it('each is on while its call is under way, and off once it ends', async () => {
    vi.stubGlobal('fetch', vi.fn(heldServer));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(flags()).toBe('fetching'));
    await answer('GET');
    await waitFor(() => expect(flags()).toBe('idle'));

    for (const [button, method, flag] of [
      ['create', 'POST', 'creating'],
      ['update', 'PUT', 'updating'],
      ['delete', 'DELETE', 'deleting'],
    ] as const) {
      await userEvent.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(flags()).toBe(flag));
      await answer(method);
      // A change refetches the list, and counts as under way until the list is fresh again.
      await waitFor(() => expect(flags()).toBe(`fetching,${flag}`));
      await answer('GET');
      await waitFor(() => expect(flags()).toBe('idle'));
    }
  });
});
