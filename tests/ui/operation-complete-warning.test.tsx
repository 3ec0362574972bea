import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from 'primereact/confirmdialog';
import type { OperationDetail, Voucher } from '../../src/api/operations/contract';
import { addDays, todayIn } from '../../src/domain/calendar';
import { OperationPanel } from '../../src/features/operations/operation-panel';
import { initI18n } from '../../src/ui/i18n';
import { renderSignedIn, signedInAs } from '../support/signed-in';

/**
 * The normal Complete of an operation with vouchers (every one confirmed, sent and paid: nothing
 * missing) asks first; before the trip's departure, on the organization's clock, that question
 * warns that the profit becomes final before the trip takes place. After the departure it does not.
 */
configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const ME = signedInAs('Oskar Ops', 'ops@demo.travel', 'Operations');
const OP = '00000000-0000-4000-8000-0000000000a1';
const today = todayIn(ME.organization.timeZone);

const voucher = (n: number): Voucher =>
  ({
    _id: `00000000-0000-4000-8000-0000000000b${n}`,
    operationId: OP,
    number: `VCH-2026-000${n}`,
    status: 'sent',
    serviceType: 'hotels',
    vendor: { _id: '00000000-0000-4000-8000-0000000000c1', name: 'Oasis Palms Hotel' },
    cost: 30_000,
    paid: 30_000,
    owed: 0,
    currency: 'USD',
  }) as Voucher;

const operation = (departure: string): OperationDetail =>
  ({
    _id: OP,
    bookingId: '00000000-0000-4000-8000-0000000000d1',
    status: 'pending',
    booking: { _id: '00000000-0000-4000-8000-0000000000d1', ref: 'BKG-2026-0001', departure, arrival: addDays(departure, 4) },
    currency: 'USD',
    vouchersSent: true,
    progress: { vouchers: 2, drafts: 0, unsent: 0, expenses: 0, unpaid: 0 },
    nextStep: 'complete',
    profit: { revenue: 100_000, refunds: 0, vouchers: 60_000, expenses: 0, totalExpense: 60_000, profit: 40_000, paidOut: 60_000, plannedCost: 60_000, plannedProfit: 40_000 },
    assignedTo: null,
    completedAt: null,
    vouchers: [voucher(1), voucher(2)],
    additionalExpenses: [],
    travellers: [],
    missing: [],
    completedBy: null,
    noVendorServices: null,
  }) as unknown as OperationDetail;

const puts: string[] = [];
function stubServer(op: OperationDetail) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'PUT') puts.push(url.pathname);
      return new Response(JSON.stringify({ data: { ...op, status: 'completed' } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

async function complete(op: OperationDetail) {
  stubServer(op);
  renderSignedIn(
    ME,
    <>
      <OperationPanel operation={op} refused={new Set()} onRefused={() => {}} />
      <ConfirmDialog />
    </>,
  );
  expect(screen.getByTestId('checklist-empty')).toBeTruthy();
  await userEvent.click(screen.getByTestId('mark-completed'));
  return waitFor(() => document.querySelector<HTMLElement>('.p-confirm-dialog')!);
}

describe('completing an operation with vouchers', () => {
  beforeAll(() => initI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    puts.length = 0;
  });

  it('before the departure: the question warns that the profit becomes final before the trip', async () => {
    const dialog = await complete(operation('2099-03-01'));
    expect(dialog.textContent).toContain(
      'The trip has not started yet (departure Mar 1, 2099): completing it now makes its profit final before the trip takes place. Every voucher is sent and paid and every expense is paid: mark this operation completed? Its profit becomes final.',
    );
    expect(puts).toEqual([]);
    await userEvent.click(dialog.querySelector<HTMLElement>('.p-confirm-dialog-accept')!);
    await waitFor(() => expect(puts).toEqual([`/api/booking-operations/${OP}/mark-completed`]));
  });

  it('on the day of departure (the organization’s day) or after: the question alone, no warning', async () => {
    for (const departure of [today, '2020-03-01']) {
      const dialog = await complete(operation(departure));
      expect(dialog.textContent).toContain('Every voucher is sent and paid and every expense is paid: mark this operation completed? Its profit becomes final.');
      expect(dialog.textContent).not.toContain('has not started yet');
      cleanup();
    }
  });
});
