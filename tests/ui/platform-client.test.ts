import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (...args: unknown[]) => toastError(...args), success: vi.fn() } }));

const { configureApiClient, NetworkError } = await import('../../src/api/client');
const { organizationsResource, organizationMembersResource } = await import('../../src/api/platform/get-organizations');
const { signInPathFor } = await import('../../src/ui/auth');

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The platform console's calls: the parent service, and the seed's rule for the organizations list. */
describe('platform client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  beforeEach(() => {
    toastError.mockReset();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    consoleError.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ onUnauthorized });
    window.history.replaceState({}, '', '/console');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the parent service for organizations, 10 a page', async () => {
    fetchMock.mockResolvedValue(answer(200, { data: [], meta: { currentPage: 1, limit: 10, totalItems: 0, totalPages: 0 } }));
    await organizationsResource.getList({ search: 'nile', plan: ['business'] });
    expect(fetchMock.mock.calls[0]![0]).toBe('/platform/organizations?limit=10&search=nile&plan=business');
  });

  it("logs a failure to fetch organizations and shows no toast (the seed's error catalogue)", async () => {
    fetchMock.mockResolvedValue(answer(500, { message: 'An unexpected error occurred.', code: 'INTERNAL' }));
    await expect(organizationsResource.getList()).rejects.toMatchObject({ status: 500 });
    expect(toastError).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch organizations', expect.objectContaining({ status: 500 }));
    // No answer at all: a network failure, said in the member's words (not the browser's "Failed to fetch").
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(organizationsResource.getList()).rejects.toBeInstanceOf(NetworkError);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('toasts other platform failures as usual', async () => {
    fetchMock.mockResolvedValue(answer(404, { message: 'Organization not found', code: 'NOT_FOUND' }));
    await expect(organizationMembersResource('00000000-0000-4000-8000-000000000000').getList()).rejects.toMatchObject({ status: 404 });
    expect(toastError).toHaveBeenCalledWith('Organization not found');
  });

  it('sends an ended operator session to the console’s own sign-in', async () => {
    fetchMock.mockResolvedValue(answer(401, { message: 'Unauthorized! Please log in again.', code: 'UNAUTHORIZED' }));
    await expect(organizationsResource.getList()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('/console');
    expect(signInPathFor('/console/organizations/x')).toBe('/console/login?next=%2Fconsole%2Forganizations%2Fx');
    expect(signInPathFor('/console')).toBe('/console/login');
    expect(signInPathFor('/consoles')).toBe('/login?next=%2Fconsoles');
    expect(signInPathFor('/leads')).toBe('/login?next=%2Fleads');
  });
});
