import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListAnswer } from '../../src/api/common/schemas';
import type { Vendor, VendorStats } from '../../src/api/vendors/contract';
import { vendorsResource } from '../../src/api/vendors/get-vendors';
import { useVendorEvent } from '../../src/api/vendors/save-vendor';
import { initI18n } from '../../src/ui/i18n';
import { createQueryClient } from '../../src/ui/query-client';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const vendor = (id: string, isActive: boolean): Vendor => ({
  _id: id,
  name: `Vendor ${id.slice(-1)}`,
  services: ['hotels'],
  contactPerson: null,
  email: null,
  phone: null,
  address: null,
  notes: null,
  bankDetails: null,
  isActive,
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
});
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const STATS: VendorStats = { total: 2, active: 2, inactive: 0, serviceStats: { hotels: 2, flights: 0, transfers: 0, activities: 0, visa: 0, 'land-part': 0, others: 0 } };
const PAGE: ListAnswer<Vendor, VendorStats> = { data: [vendor(A, true), vendor(B, true)], meta: { currentPage: 1, limit: 50, totalItems: 2, totalPages: 1 }, stats: STATS };

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
const listKey = vendorsResource.keys.list({});

describe('useWorkflowEvent (vendors: PUT /vendors/{id} with isActive)', () => {
  beforeAll(() => initI18n('en'));
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    client = createQueryClient();
    client.setQueryData(listKey, PAGE);
    client.setQueryData(vendorsResource.keys.detail(A), vendor(A, true));
  });
  afterEach(cleanup);

  it('sends the body the contract maps the event to, and updates the caches from the answer without fetching again', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { ...vendor(A, false), updatedAt: '2026-05-02T08:00:00.000Z' } }));
    // The list on screen (fresh, so showing it fetches nothing).
    renderHook(() => useQuery({ ...vendorsResource.listQueryOptions({}), staleTime: Infinity }), { wrapper });
    const { result } = renderHook(() => useVendorEvent(), { wrapper });
    await act(() => result.current.mutateAsync({ id: A, event: { type: 'DEACTIVATE' } }));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method, JSON.parse(String(init?.body))]).toEqual([`/api/vendors/${A}`, 'PUT', { isActive: false }]);
    expect(client.getQueryData<Vendor>(vendorsResource.keys.detail(A))?.isActive).toBe(false);
    const list = client.getQueryData<typeof PAGE>(listKey)!;
    expect(list.data.map((v) => [v._id, v.isActive, v.updatedAt])).toEqual([
      [A, false, '2026-05-02T08:00:00.000Z'],
      [B, true, '2026-05-01T08:00:00.000Z'],
    ]);
    expect(list.stats).toMatchObject({ total: 2, active: 1, inactive: 1 });
    // Marked stale for the next time it is shown (a filtered list may no longer hold the row), not fetched now.
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(vendorsResource.keys.detail(A))?.isInvalidated).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a refusal (409) changes no cache but reloads the record, so the buttons follow its real state', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { code: 'TRANSITION_NOT_ALLOWED', message: 'Cannot deactivate a vendor that is inactive' }));
    fetchMock.mockResolvedValueOnce(json(200, { data: vendor(A, false) }));
    const observer = renderHook(() => vendorsResource.useOne(A), { wrapper });
    const { result } = renderHook(() => useVendorEvent(), { wrapper });
    await act(() => result.current.mutateAsync({ id: A, event: { type: 'DEACTIVATE' } }).catch(() => undefined));
    expect(client.getQueryData<typeof PAGE>(listKey)?.stats).toEqual(STATS);
    await waitFor(() => expect(observer.result.current.data?.isActive).toBe(false));
    expect(String(fetchMock.mock.calls[1]![0])).toBe(`/api/vendors/id/${A}`);
  });
});
