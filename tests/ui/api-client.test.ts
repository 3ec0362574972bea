import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';

const toastError = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (...args: unknown[]) => toastError(...args), success: vi.fn() } }));

const { api, ApiError, configureApiClient, NetworkError, UNAUTHORIZED_MESSAGE, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE, UNREACHABLE_WRITE_MESSAGE } = await import('../../src/api/client');

function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: body === undefined || typeof body === 'string' ? {} : { 'Content-Type': 'application/json' },
  });
}

describe('API client error handling (seed section 8)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    toastError.mockReset();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ onUnauthorized: vi.fn() });
    window.history.replaceState({}, '', '/');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials and the X-Requested-With header the server requires', async () => {
    fetchMock.mockResolvedValue(answer(200, { data: { ok: true } }));
    await api.put('/members/me/preferences', { theme: 'dark' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/members/me/preferences');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('X-Requested-With')).toBeTruthy();
    expect(init?.body).toBe(JSON.stringify({ theme: 'dark' }));
  });

  it("toasts the server's message", async () => {
    fetchMock.mockResolvedValue(answer(409, { message: 'A role with this name already exists', code: 'DUPLICATE' }));
    const failure = await api.post('/roles', { name: 'Sales' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as InstanceType<typeof ApiError>).status).toBe(409);
    expect((failure as InstanceType<typeof ApiError>).code).toBe('DUPLICATE');
    expect(toastError).toHaveBeenCalledWith('A role with this name already exists');
  });

  it("a call that got no answer says the server could not be reached, never the browser's 'Failed to fetch'; a write, that nothing was saved", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const read = await api.get('/members').catch((e: unknown) => e);
    expect(read).toBeInstanceOf(NetworkError);
    expect((read as InstanceType<typeof NetworkError>).cause).toBeInstanceOf(TypeError);
    expect(toastError).toHaveBeenLastCalledWith(UNREACHABLE_MESSAGE, expect.objectContaining({ id: 'unreachable' }));
    expect(UNREACHABLE_MESSAGE).toBe('Could not reach the server. Check the connection and try again.');
    for (const write of [() => api.post('/roles', { name: 'Sales' }), () => api.put('/members/me/preferences', {}), () => api.delete('/roles/1')]) {
      await expect(write()).rejects.toMatchObject({ name: 'NetworkError', write: true });
      expect(toastError).toHaveBeenLastCalledWith(UNREACHABLE_WRITE_MESSAGE, expect.objectContaining({ id: 'unreachable' }));
    }
    // One toast for them all; while it says a write was not saved, a read that fails (the refetch after it) leaves it so.
    const calls = toastError.mock.calls.length;
    await api.get('/members').catch(() => undefined);
    expect(toastError).toHaveBeenCalledTimes(calls);
    // Once it is gone, a read's failure is said again.
    (toastError.mock.calls.at(-1)![1] as { onAutoClose: () => void }).onAutoClose();
    await api.get('/members').catch(() => undefined);
    expect(toastError).toHaveBeenLastCalledWith(UNREACHABLE_MESSAGE, expect.objectContaining({ id: 'unreachable' }));
    expect(UNREACHABLE_WRITE_MESSAGE).toBe('Could not reach the server: nothing was saved. Check the connection and try again.');
    expect(toastError.mock.calls.flat()).not.toContain('Failed to fetch');
  });

  it("falls back to 'An unexpected error occurred.' when nothing says what went wrong", async () => {
    fetchMock.mockResolvedValue(answer(502, '<html>Bad gateway</html>'));
    await expect(api.get('/members')).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledWith(UNEXPECTED_MESSAGE);
  });

  it("uses a call's own fallback message from the catalogue when it has one", async () => {
    fetchMock.mockResolvedValue(answer(500, ''));
    await expect(api.get('/leads', undefined, { fallbackMessage: 'Failed to fetch leads' })).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledWith('Failed to fetch leads');
  });

  it('sends lists, ranges and arrays in the query format the server reads', async () => {
    fetchMock.mockResolvedValue(answer(200, { data: [], meta: {} }));
    await api.get('/members', { page: 2, search: '', employmentStatus: ['active', 'on-leave'], joiningDate: { from: '2024-01-01' }, isActive: true });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/members?page=2&employmentStatus=active&employmentStatus=on-leave&joiningDate%5Bfrom%5D=2024-01-01&isActive=true');
  });

  it('on 401 toasts "Unauthorized! Please log in again." and redirects to /login keeping the deep link', async () => {
    const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/members?page=2'] });
    configureApiClient({ onUnauthorized: (returnTo) => void router.navigate(`/login?next=${encodeURIComponent(returnTo)}`) });
    window.history.replaceState({}, '', '/members?page=2');
    fetchMock.mockResolvedValue(answer(401, { message: 'Unauthorized! Please log in again.', code: 'UNAUTHENTICATED' }));
    await expect(api.get('/members')).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledWith(UNAUTHORIZED_MESSAGE, { id: 'unauthorized' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/members?page=2');
  });

  it('on 401 uses the seed message even when the server sent no body, and toasts once for parallel calls', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    window.history.replaceState({}, '', '/roles');
    fetchMock.mockImplementation(async () => answer(401));
    await Promise.allSettled([api.get('/roles'), api.get('/modules')]);
    expect(toastError).toHaveBeenCalledWith(UNAUTHORIZED_MESSAGE, { id: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledWith('/roles');
  });

  it('a wrong password (401 at sign-in) is an answer: no redirect, no toast when the form shows it', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    fetchMock.mockResolvedValue(answer(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }));
    const failure = await api.post('/auth/login', {}, { expectUnauthorized: true, silent: true }).catch((e: unknown) => e);
    expect((failure as Error).message).toBe('Invalid email or password');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('the default 401 handler sends the browser to /login with the deep link', async () => {
    configureApiClient({});
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, pathname: '/organization', search: '', hash: '', assign } });
    try {
      fetchMock.mockResolvedValue(answer(401, { message: 'Unauthorized! Please log in again.' }));
      await api.get('/members/organization').catch(() => undefined);
      expect(assign).toHaveBeenCalledWith('/login?next=%2Forganization');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
