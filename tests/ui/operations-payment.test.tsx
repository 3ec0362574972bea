import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { paymentDefaults, VendorPaymentDialog, type PaymentTarget } from '../../src/ui/vendor-payment-dialog';
import { initI18n } from '../../src/ui/i18n';
import { renderSignedIn, signedInAs } from '../support/signed-in';

configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/**
 * The vendor payment form against a stand-in server: it offers what is still owed, sends one
 * Idempotency-Key per opening (a retry after a lost answer is the same payment, the next opening a
 * new one), and pays a voucher or an expense at its own address.
 */
const ME = signedInAs('Oskar Ops', 'ops@demo.travel', 'Operations');

const OP = '00000000-0000-4000-8000-0000000000a1';
const posts: { path: string; key: string | null; body: Record<string, unknown> }[] = [];
let answers: Response[] = [];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/auth/me') return json(200, { data: ME });
      if (init?.method === 'POST' && url.pathname.endsWith('/payment')) {
        posts.push({ path: url.pathname, key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
        return answers.shift()!;
      }
      return json(404, { message: 'no', code: 'NOT_FOUND' });
    }),
  );
}

function Opener({ target }: { target: PaymentTarget }) {
  const [open, setOpen] = useState(true);
  return open ? <VendorPaymentDialog operation={{ _id: OP, currency: 'USD' }} target={target} onClose={() => setOpen(false)} /> : <button onClick={() => setOpen(true)}>open again</button>;
}

function renderForm(target: PaymentTarget) {
  renderSignedIn(ME, <Opener target={target} />);
}

// The answer is the operation whole; the dialog only needs it to succeed.
const operation = { data: { _id: OP, bookingId: 'b1', vouchers: [], additionalExpenses: [] } };

describe('the vendor payment form', () => {
  beforeAll(() => initI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    posts.length = 0;
  });

  it('offers what is still owed', () => {
    expect(paymentDefaults(80_000, '2031-03-10')).toEqual({ amount: 80_000, paymentMethod: 'bank-transfer', paidOn: '2031-03-10', reference: '', notes: '' });
    // Nothing owed: no amount is offered (the server refuses a payment above what is owed).
    expect(paymentDefaults(0, '2031-03-10').amount).toBeUndefined();
  });

  it('sends one key per opening: a retry reuses it, the next opening makes a new one', async () => {
    stubServer();
    answers = [json(500, { message: 'An unexpected error occurred.', code: 'INTERNAL' }), json(201, operation), json(201, operation)];
    renderForm({ kind: 'voucher', id: 'v1', label: 'VCH-2031-0001', owed: 80_000 });
    await screen.findByText('Still owed: $800.00');
    const submit = await screen.findByRole('button', { name: 'Record payment' });
    await userEvent.click(submit);
    await waitFor(() => expect(posts).toHaveLength(1));
    // The answer was lost (500): the same form sends again, with the same key.
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    await screen.findByRole('button', { name: 'open again' });
    expect(posts[0]).toMatchObject({ path: `/api/booking-operations/${OP}/voucher/v1/payment`, body: { amount: 80_000, paymentMethod: 'bank-transfer' } });
    expect(posts[1]!.key).toBe(posts[0]!.key);
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);

    await userEvent.click(screen.getByRole('button', { name: 'open again' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(posts[2]!.key).not.toBe(posts[0]!.key);
  });

  it('refuses more than is still owed under the amount, and sends nothing', async () => {
    stubServer();
    const user = userEvent.setup();
    renderForm({ kind: 'voucher', id: 'v1', label: 'VCH-2031-0001', owed: 80_000 });
    expect((await screen.findByTestId('payment-owed')).textContent).toBe('Still owed: $800.00');
    const amount = screen.getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '800.01');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('Amount must not be more than is still owed ($800.00)');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Amount must not be more than is still owed ($800.00)'));
    expect(posts).toEqual([]);
  });

  it('pays an expense at the expense’s address', async () => {
    stubServer();
    answers = [json(201, operation)];
    renderForm({ kind: 'expense', id: 'e1', label: 'Desert guide', owed: 5_000 });
    await userEvent.click(await screen.findByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ path: `/api/booking-operations/${OP}/additional-expense/e1/payment`, body: { amount: 5_000, paymentMethod: 'bank-transfer' } });
  });
});
