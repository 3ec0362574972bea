import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { AuthState } from '../../src/api/admin/auth/contract';
import type { Role } from '../../src/api/admin/roles/contract';
import type { LeadDetail } from '../../src/api/leads/contract';
import { RoleEditor } from '../../src/features/admin/roles-page';
import { LeadBookLink } from '../../src/features/leads/lead-detail-page';
import { LeadTours } from '../../src/features/leads/lead-tours';
import { AuthStateProvider } from '../../src/ui/auth';
import { initI18n } from '../../src/ui/i18n';
import { createQueryClient } from '../../src/ui/query-client';

/**
 * Two things the walk through the product found (issue 27): "Book" was the main button on a lead
 * with no tour (building a tour comes first), and the roles matrix's last column had no header.
 */
configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SALES = {
  member: { _id: id(1), name: 'Samir Sales' },
  organization: { _id: id(2), currency: 'USD', timeZone: 'Asia/Dubai' },
  role: { _id: id(3), name: 'Sales agent', isOwner: false, permissions: { leads: ['view', 'update'], customizedTours: ['view', 'create'], bookings: ['view', 'create'] }, visibility: { leads: 'own', bookings: 'own' } },
} as unknown as AuthState;
const LEAD = { _id: id(10), name: 'Layla', status: 'new', queries: [] } as unknown as LeadDetail;
const TOUR = { _id: id(20), title: 'Bali honeymoon', status: 'sent', version: 1, departure: '2027-05-10', arrival: '2027-05-17', totalNights: 7, totals: { sell: 500_000 }, currency: 'USD' };

let tours: unknown[] = [];
const render_ = (ui: React.ReactNode) =>
  render(
    <AuthStateProvider value={SALES}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </AuthStateProvider>,
  );

beforeAll(() => initI18n('en'));
beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: tours }), { status: 200, headers: { 'Content-Type': 'application/json' } }))),
  ),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const outlined = (el: HTMLElement) => el.classList.contains('p-button-outlined');

describe('a lead’s main action', () => {
  it('without a tour: "New tour" is the main button, "Book" is outlined', async () => {
    tours = [];
    render_(
      <>
        <LeadBookLink lead={LEAD} />
        <LeadTours lead={LEAD} />
      </>,
    );
    await screen.findByText('No tour for this lead yet.');
    expect(outlined(screen.getByTestId('book-link'))).toBe(true);
    expect(outlined(screen.getByTestId('new-tour-link'))).toBe(false);
  });

  it('with a tour: "Book" is the main button', async () => {
    tours = [TOUR];
    render_(
      <>
        <LeadBookLink lead={LEAD} />
        <LeadTours lead={LEAD} />
      </>,
    );
    await screen.findByText('Bali honeymoon');
    await waitFor(() => expect(outlined(screen.getByTestId('book-link'))).toBe(false));
    expect(outlined(screen.getByTestId('new-tour-link'))).toBe(true);
  });
});

describe('the roles matrix', () => {
  it('names every column, the last ("All") too', () => {
    const role = { _id: id(30), name: 'Sales agent', description: null, isOwner: false, permissions: { leads: ['view'] }, visibility: { leads: 'own', bookings: 'own' }, version: 1 } as unknown as Role;
    render_(<RoleEditor role={role} readOnly={false} />);
    // (Role queries over the whole matrix are slow in jsdom: its header cells are read directly.)
    const table = document.querySelector<HTMLTableElement>('table[aria-label="Permissions"]')!;
    const headers = [...table.querySelectorAll('thead th[scope=col]')].map((h) => h.textContent?.trim());
    expect(headers.every(Boolean)).toBe(true);
    expect(headers.at(-1)).toBe('All');
    // The matrix of every module's checkboxes takes a while to render in jsdom on a shared machine.
  }, 40_000);
});
