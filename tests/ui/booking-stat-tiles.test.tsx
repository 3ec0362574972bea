import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoicesPage } from '../../src/features/bookings/invoices-page';
import { PaymentReceiptsPage } from '../../src/features/bookings/payment-receipts-page';
import { PendingInstallmentsPage } from '../../src/features/bookings/pending-installments-page';
import { initI18n } from '../../src/ui/i18n';
import { renderSignedIn, signedInAs } from '../support/signed-in';

configure({ asyncUtilTimeout: 5000 });

/**
 * The money lists' stat tiles (issue 27) against a stand-in server answering their stats: the
 * receipts' and invoices' growth tile says it is a change from last month, with its sign; the
 * pending installments add up (how many, what is owed, how much of it is overdue) in the
 * organization's currency, their counts filtering the list.
 */
const ME = signedInAs('Fiona Finance', 'finance@demo.travel', 'Finance');
const EMPTY_META = { currentPage: 1, limit: 20, totalItems: 0, totalPages: 0 };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const RECEIPT_STATS = { totalReceipts: 12, totalAmount: 1_250_000, verifiedCount: 9, pendingCount: 2, successfulCount: 9, failedCount: 1, thisMonthAmount: 625_400, verificationRate: 7_500, successRate: 9_000 };
const INVOICE_STATS = { total: 4, paid: 2, pending: 1, overdue: 1, totalRevenue: 900_000, totalPaid: 500_000, totalPending: 400_000, avgInvoiceValue: 225_000, thisMonthRevenue: 300_000, paidPercentage: 5_000 };
const INSTALLMENT_STATS = { totalCount: 4, pendingCount: 2, overdueCount: 2, openAmount: 570_000, overdueAmount: 190_000 };

/** Every list answers empty, with `stats` where the path has them; the addresses asked are kept. */
function serve(stats: Record<string, unknown>) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url);
      const path = url.pathname.replace(/^\/api/, '');
      return json({ data: [], meta: EMPTY_META, ...(stats[path] ? { stats: stats[path] } : {}) });
    }),
  );
  return asked;
}

/** A tile's label and value as the page shows them. */
async function tile(testId: string, key: string) {
  const header = await screen.findByTestId(testId);
  const item = header.querySelector(`[data-stat="${key}"]`) as HTMLElement;
  await waitFor(() => expect(item.querySelector('.stat__value')?.textContent).not.toBe('…'));
  return { label: item.querySelector('.stat__label')!.textContent, value: item.querySelector('.stat__value')!.textContent };
}

beforeAll(() => initI18n('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the growth tile', () => {
  it('on payment receipts says it is the change from last month, its sign written', async () => {
    serve({ '/payment-receipts': { ...RECEIPT_STATS, monthlyGrowth: 2_508 } });
    renderSignedIn(ME, <PaymentReceiptsPage />);
    expect(await tile('receipt-stats', 'monthlyGrowth')).toEqual({ label: 'Change from last month', value: '+25.08 %' });
  });

  it('on payment receipts shows a fall with its minus, and no change as 0 %', async () => {
    serve({ '/payment-receipts': { ...RECEIPT_STATS, monthlyGrowth: -1_250 } });
    renderSignedIn(ME, <PaymentReceiptsPage />);
    expect((await tile('receipt-stats', 'monthlyGrowth')).value).toMatch(/^[-−]12\.5 %$/);
    cleanup();
    serve({ '/payment-receipts': { ...RECEIPT_STATS, monthlyGrowth: 0 } });
    renderSignedIn(ME, <PaymentReceiptsPage />);
    expect((await tile('receipt-stats', 'monthlyGrowth')).value).toBe('0 %');
  });

  it('on payment receipts says — when last month had nothing to grow from', async () => {
    serve({ '/payment-receipts': { ...RECEIPT_STATS, monthlyGrowth: null } });
    renderSignedIn(ME, <PaymentReceiptsPage />);
    expect(await tile('receipt-stats', 'monthlyGrowth')).toEqual({ label: 'Change from last month', value: '—' });
  });

  it('on invoices says the same, with the same sign', async () => {
    serve({ '/booking-invoices': { ...INVOICE_STATS, monthlyGrowth: 2_508 } });
    renderSignedIn(ME, <InvoicesPage />);
    expect(await tile('invoice-stats', 'monthlyGrowth')).toEqual({ label: 'Change from last month', value: '+25.08 %' });
  });
});

describe('the pending installments', () => {
  it('add up in the organization’s currency: how many, what is owed, how much of it is overdue', async () => {
    serve({ '/bookings/installments/pending': INSTALLMENT_STATS });
    renderSignedIn(ME, <PendingInstallmentsPage />);
    expect(await tile('installment-stats', 'totalCount')).toEqual({ label: 'Installments', value: '4' });
    expect(await tile('installment-stats', 'pendingCount')).toEqual({ label: 'Not yet due', value: '2' });
    expect(await tile('installment-stats', 'overdueCount')).toEqual({ label: 'Overdue', value: '2' });
    expect(await tile('installment-stats', 'openAmount')).toEqual({ label: 'Still owed', value: '$5,700.00' });
    expect(await tile('installment-stats', 'overdueAmount')).toEqual({ label: 'Overdue amount', value: '$1,900.00' });
    // The tiles are named as a whole for a screen reader.
    expect(screen.getByRole('group', { name: 'Installment totals' })).toBe(screen.getByTestId('installment-stats'));
  });

  it('filter the list to the overdue ones from their tile, and back to all', async () => {
    const asked = serve({ '/bookings/installments/pending': INSTALLMENT_STATS });
    renderSignedIn(ME, <PendingInstallmentsPage />);
    const overdue = (await screen.findByTestId('installment-stats')).querySelector('[data-stat="overdueCount"]') as HTMLElement;
    expect(overdue.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(overdue);
    await waitFor(() => expect(overdue.getAttribute('aria-pressed')).toBe('true'));
    const lists = () => asked.filter((u) => u.pathname === '/api/bookings/installments/pending');
    await waitFor(() => expect(lists().at(-1)!.search).toMatch(/status[^=]*=overdue/));
    // The "all" tile clears the status (the unfiltered answer is the one already read).
    const all = (await screen.findByTestId('installment-stats')).querySelector('[data-stat="totalCount"]') as HTMLElement;
    expect(all.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(all);
    await waitFor(() => expect(all.getAttribute('aria-pressed')).toBe('true'));
    expect(overdue.getAttribute('aria-pressed')).toBe('false');
  });
});
