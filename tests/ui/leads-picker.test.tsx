import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import { initI18n } from '../../src/ui/i18n';
import { LeadPicker } from '../../src/ui/lead-picker';
import { createQueryClient } from '../../src/ui/query-client';

configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const LEADS = [
  { _id: id(1), name: 'Amira Haddad', phone: '+971 52 125 3408', email: null, status: 'new' },
  { _id: id(2), name: 'Lucas Sharma', phone: null, email: 'lucas@example.com', status: 'qualified' },
  { _id: id(3), name: 'Zara Khan', phone: '+971 52 115 8380', email: 'zara@example.com', status: 'lost' },
];

/**
 * A stand-in for `GET /leads/selection` (search on name, phone, email; the status and ids
 * filters); the server's side is covered by tests/api/leads.test.ts. Records every call.
 */
const calls: URL[] = [];
let failing = false;
function fakeServer(input: RequestInfo | URL) {
  const url = new URL(String(input), 'http://localhost');
  calls.push(url);
  const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  if (failing) return reply(500, {});
  const search = url.searchParams.get('search')?.toLowerCase();
  const statuses = url.searchParams.getAll('status');
  const ids = url.searchParams.getAll('ids');
  const data = LEADS.filter(
    (l) => (!search || [l.name, l.phone, l.email].join(' ').toLowerCase().includes(search)) && (!statuses.length || statuses.includes(l.status)) && (!ids.length || ids.includes(l._id)),
  );
  return reply(200, { data, meta: { currentPage: 1, limit: 50, totalItems: data.length, totalPages: 1 } });
}

const wrap = (node: React.ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
const openPanel = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
  await user.click(screen.getByLabelText(label).closest('.p-multiselect, .p-dropdown')!);
  return waitFor(() => document.querySelector<HTMLElement>('.p-multiselect-panel, .p-dropdown-panel')!);
};
const optionTexts = (panel: HTMLElement) => [...panel.querySelectorAll('[role=option]')].map((o) => o.textContent?.replace(/[\u2066\u2069]/g, ''));

describe('lead selection picker (GET /leads/selection, searched on the server)', () => {
  beforeAll(() => initI18n('en'));
  beforeEach(() => {
    calls.length = 0;
    failing = false;
    vi.stubGlobal('fetch', vi.fn(fakeServer));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches by name, phone or email on the server, with the filters given, and answers the id', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    wrap(
      <>
        <label htmlFor="lead">Lead</label>
        <LeadPicker inputId="lead" value={null} onChange={onChange} filters={{ status: ['new', 'qualified'] }} />
      </>,
    );
    expect(calls).toHaveLength(0);
    const panel = await openPanel(user, 'Lead');
    await within(panel).findByText('Amira Haddad');
    expect(optionTexts(panel)).toEqual(['Amira Haddad+971 52 125 3408 · New', 'Lucas Sharmalucas@example.com · Qualified']);
    const first = calls.at(-1)!;
    expect(first.pathname).toBe('/api/leads/selection');
    expect(first.searchParams.getAll('status')).toEqual(['new', 'qualified']);
    expect(first.searchParams.get('limit')).toBe('50');

    await user.type(panel.querySelector('input[type=text]')!, 'example.com');
    await waitFor(() => expect(calls.at(-1)!.searchParams.get('search')).toBe('example.com'));
    await waitFor(() => expect(optionTexts(panel)).toEqual(['Lucas Sharmalucas@example.com · Qualified']));
    await user.click(within(panel).getByText('Lucas Sharma'));
    expect(onChange).toHaveBeenCalledWith(id(2));
  });

  it('shows the name of the lead it holds', async () => {
    wrap(<LeadPicker ariaLabel="Lead" value={id(3)} onChange={vi.fn()} />);
    await waitFor(() => expect(document.querySelector('.p-dropdown-label')?.textContent).toBe('Zara Khan'));
    expect(calls.map((u) => [u.pathname, u.searchParams.getAll('ids')])).toEqual([['/api/leads/selection', [id(3)]]]);
  });

  it('says "Failed to fetch leads for selection" when the list fails', async () => {
    const user = userEvent.setup();
    failing = true;
    wrap(
      <>
        <label htmlFor="lead">Lead</label>
        <LeadPicker inputId="lead" value={null} onChange={vi.fn()} />
      </>,
    );
    await openPanel(user, 'Lead');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to fetch leads for selection'));
  });
});
