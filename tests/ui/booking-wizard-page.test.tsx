import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'sonner';
import type { AuthState } from '../../src/api/admin/auth/contract';
import { BookingWizardPage } from '../../src/features/bookings/booking-wizard-page';
import { AuthStateProvider } from '../../src/ui/auth';
import { initI18n } from '../../src/ui/i18n';
import { createQueryClient } from '../../src/ui/query-client';

/**
 * The booking wizard as a sales agent opens it (issue 27): it asks only what its user may read. The
 * plan it proposes comes from `GET /bookings/settings` (tests/api/bookings.test.ts), never from the
 * configurations, which a sales agent may not read.
 */
configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SALES_AGENT = {
  member: { _id: id(1), name: 'Samir Sales', email: 'sales@demo.travel', department: 'sales' },
  organization: { _id: id(2), name: 'Demo Travel', currency: 'USD', timeZone: 'Asia/Dubai' },
  role: {
    _id: id(3),
    name: 'Sales agent',
    isOwner: false,
    permissions: { leads: ['view', 'create', 'update'], bookings: ['view', 'create'], groupTours: ['view'], personalizedTours: ['view'], customizedTours: ['view'] },
    visibility: { leads: 'own', bookings: 'own' },
  },
} as unknown as AuthState;

const DEPARTURE = {
  _id: id(40),
  title: 'Oman in Spring',
  description: null,
  regions: [],
  destinations: [],
  totalNights: 4,
  pointOfContact: null,
  pricePerPerson: { adult: 100_000, child: 50_000, infant: 0 },
  currency: 'USD',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  departure: '2099-03-10',
  arrival: '2099-03-14',
  capacity: 20,
  minimumToRun: 4,
  seatsTaken: 0,
  seatsFree: 20,
  status: 'open',
  salesClosed: false,
};

const calls: string[] = [];
function fakeServer(input: RequestInfo | URL) {
  const url = new URL(String(input), 'http://localhost');
  calls.push(url.pathname);
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  if (url.pathname.endsWith('/configurations')) return json({ code: 'FORBIDDEN', message: 'You do not have the permission configurations.view' }, 403);
  if (url.pathname.endsWith('/bookings/settings')) return json({ data: { depositPercent: 40, balanceDaysBeforeDeparture: 45 } });
  const list = (data: unknown[]) => json({ data, meta: { currentPage: 1, limit: 200, totalItems: data.length, totalPages: 1 } });
  if (url.pathname.endsWith('/group-tours')) return list([DEPARTURE]);
  if (url.pathname.includes('/leads')) return list([]);
  return list([]);
}

beforeAll(() => initI18n('en'));
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
});

describe('the booking wizard for a sales agent', () => {
  it('never asks for the configurations (no 403, no error) and proposes the plan Configurations → bookings sets', async () => {
    const user = userEvent.setup();
    render(
      <AuthStateProvider value={SALES_AGENT}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[`/bookings/new?tourType=group&tourId=${DEPARTURE._id}&leadId=${id(50)}`]}>
            <BookingWizardPage />
          </MemoryRouter>
        </QueryClientProvider>
      </AuthStateProvider>,
    );
    await screen.findByRole('heading', { name: 'New booking' });
    // The departure the page's "Book" started from is chosen once the departures are read.
    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    await user.click(next);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('button', { name: 'Deposit 40 % now, the balance before departure' });
    expect(calls).toContain('/api/bookings/settings');
    expect(calls.filter((p) => p.includes('configurations'))).toEqual([]);
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a negative installment amount under its field, and the plan goes no further (issue 27)', async () => {
    const user = userEvent.setup();
    render(
      <AuthStateProvider value={SALES_AGENT}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[`/bookings/new?tourType=group&tourId=${DEPARTURE._id}&leadId=${id(50)}`]}>
            <BookingWizardPage />
          </MemoryRouter>
        </QueryClientProvider>
      </AuthStateProvider>,
    );
    const next = await screen.findByRole('button', { name: 'Next' });
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    await user.click(next);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Deposit 40 % now, the balance before departure' }));
    const amount = screen.getByRole('spinbutton', { name: 'Amount 1' });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.clear(amount);
    await user.type(amount, '-500');
    const message = await screen.findByText('Amount 1 must be at least $0.01');
    expect(message.getAttribute('role')).toBe('alert');
    expect(amount.getAttribute('aria-describedby')).toBe(message.id);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
