import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingDetail } from '../../src/api/bookings/contract';
import { configureApiClient } from '../../src/api/client';
import { PaymentDialog } from '../../src/features/bookings/booking-payments';
import { changeLanguage, currentLanguage, initI18n, translateApi } from '../../src/ui/i18n';
import { renderSignedIn, signedInAs } from '../support/signed-in';

configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/**
 * The Record payment form says the booking's open balance before sending (issue 27: "the forms say
 * the open balance before sending"): the grand total less what is verified and what waits for
 * verification, as the server reckons it for its 409; an amount above it is refused under the
 * field, in the member's language, and not sent. Against a stand-in server that records what is sent.
 */
const ME = signedInAs('Fatima Finance', 'finance@demo.travel', 'Finance');
const BOOKING = '00000000-0000-4000-8000-0000000000b1';
// $3,000.00 in all, $1,000.00 verified, $500.00 waiting: $1,500.00 open.
const booking = {
  _id: BOOKING,
  currency: 'USD',
  grandTotal: 300_000,
  paid: 100_000,
  pendingAmount: 50_000,
  installments: [{ _id: 'i1', position: 1, dueDate: '2031-03-10', amount: 300_000, paid: 100_000, open: 200_000, status: 'pending' }],
  lead: { _id: '00000000-0000-4000-8000-0000000000c1', name: 'Mira Haddad' },
} as unknown as BookingDetail;

const sent: Record<string, unknown>[] = [];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  configureApiClient({ translate: translateApi, language: currentLanguage });
  await initI18n('en');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sent.length = 0;
  await changeLanguage('en');
});
afterAll(() => changeLanguage('en'));

function renderForm() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST' && url.pathname === `/api/bookings/${BOOKING}/payment`) {
        sent.push(JSON.parse(String(init.body)));
        return json(201, { data: { _id: 'p1', amount: sent.at(-1)!.amount, status: 'submitted' } });
      }
      return json(200, { data: [], meta: { currentPage: 1, limit: 20, totalItems: 0, totalPages: 0 } });
    }),
  );
  const onClose = vi.fn();
  renderSignedIn(ME, <PaymentDialog booking={booking} onClose={onClose} />);
  return onClose;
}

describe('the Record payment form', () => {
  it('says the open balance, refuses more under the amount without sending, and sends what is within it', async () => {
    const user = userEvent.setup();
    const onClose = renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    expect(within(dialog).getByTestId('payment-owed').textContent).toBe('Open balance: $1,500.00 · $500.00 waiting for verification');
    const amount = within(dialog).getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '1500.01');
    await user.tab();
    expect(within(dialog).getByRole('alert').textContent).toBe('Amount must not be more than the open balance ($1,500.00)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Amount must not be more than the open balance ($1,500.00)'));
    expect(sent).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '1500');
    await user.tab();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ amount: 150_000, paymentMethod: 'bank-transfer' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says it and refuses in the member’s language (German)', async () => {
    await changeLanguage('de');
    const user = userEvent.setup();
    renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'Zahlung erfassen' });
    const owed = within(dialog).getByTestId('payment-owed').textContent!.replace(/\u00a0/g, ' ');
    expect(owed).toBe('Offener Saldo: 1.500,00 $ · 500,00 $ warten auf Prüfung');
    const amount = within(dialog).getByLabelText('Betrag');
    await user.clear(amount);
    await user.type(amount, '2000');
    await user.tab();
    expect(within(dialog).getByRole('alert').textContent!.replace(/\u00a0/g, ' ')).toBe('Betrag darf den offenen Saldo (1.500,00 $) nicht übersteigen');
    expect(sent).toEqual([]);
  });
});
