import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Movement } from '../../src/api/finance/statement/contract';
import { ExpenseDialog } from '../../src/features/finance/expense-dialog';
import { shiftMonth, monthDays } from '../../src/features/finance/month-picker';
import { movementLink } from '../../src/features/finance/statement-page';
import { TargetCell } from '../../src/features/finance/target-cell';
import { initI18n } from '../../src/ui/i18n';
import { renderSignedIn, signedInAs } from '../support/signed-in';

configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/**
 * The month of money's forms against a stand-in server: the expense goes as one multipart request
 * with its receipt, under one Idempotency-Key per opening of the form (a retry is the same
 * payment), the server's word on the file under the file field; a budget target is set with a POST
 * and changed with a PUT, in place, Escape leaving it as it was. And where a statement row leads.
 */
const ME = signedInAs('Fatima Finance', 'finance@demo.travel', 'Finance');
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Sent {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
}
const sent: Sent[] = [];
let answers: Response[] = [];

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/auth/me') return json(200, { data: ME });
      if (method === 'GET' && url.pathname === '/api/vendors') return json(200, { data: [], meta: { currentPage: 1, limit: 200, totalItems: 0, totalPages: 0 } });
      if (method === 'GET') return json(404, { message: 'no', code: 'NOT_FOUND' });
      sent.push({ method, path: url.pathname, key: new Headers(init?.headers).get('Idempotency-Key'), body: init?.body instanceof FormData ? init.body : JSON.parse(String(init?.body)) });
      return answers.shift()!;
    }),
  );
}

const expense = {
  data: { _id: 'x1', category: 'rent', amount: 250_000, currency: 'USD', date: '2026-11-01', paymentMethod: 'bank-transfer', description: 'Office rent', vendor: null, member: null, salaryMonth: null, recurringId: null, receipt: { name: 'rent.pdf', type: 'application/pdf' }, entryId: 'e1', createdBy: null, createdAt: '' },
};

function ExpenseOpener() {
  const [open, setOpen] = useState(true);
  return open ? <ExpenseDialog onClose={() => setOpen(false)} /> : <button onClick={() => setOpen(true)}>open again</button>;
}

async function fillExpense(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Record an expense' });
  await user.click(within(dialog).getByLabelText('Category').closest('.p-dropdown')!);
  const panel = await waitFor(() => document.querySelector<HTMLElement>('.p-dropdown-panel')!);
  await user.click(await within(panel).findByText('Rent'));
  await user.type(within(dialog).getByLabelText('Amount'), '2500');
  await user.type(within(dialog).getByLabelText('Description'), 'Office rent');
  return dialog;
}

describe('the expense form', () => {
  beforeAll(() => initI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sent.length = 0;
  });

  it('sends the expense and its receipt in one multipart request, one key per opening: a retry reuses it', async () => {
    stubServer();
    answers = [json(500, { message: 'An unexpected error occurred.', code: 'INTERNAL' }), json(201, expense), json(201, expense)];
    const user = userEvent.setup();
    renderSignedIn(ME, <ExpenseOpener />);
    const dialog = await fillExpense(user);
    const receipt = new File(['%PDF-1.4\n%%EOF\n'], 'rent.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText('Receipt'), receipt);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // The answer was lost: the same form sends again, with the same key.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'open again' });
    expect(sent).toHaveLength(2);
    const [first, second] = sent as [Sent, Sent];
    expect(first.path).toBe('/api/expenses');
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.key).toBe(first.key);
    const form = first.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'receipt'))).toEqual({ category: 'rent', amount: '250000', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), paymentMethod: 'bank-transfer', description: 'Office rent' });
    expect((form.get('receipt') as File).name).toBe('rent.pdf');

    await user.click(screen.getByRole('button', { name: 'open again' }));
    await fillExpense(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.key).not.toBe(first.key);
    // No receipt chosen: none sent.
    expect((sent[2]!.body as FormData).has('receipt')).toBe(false);
  });

  it('refuses a file that is not a receipt before sending, and shows the server’s word on the file under the file field', async () => {
    stubServer();
    answers = [json(400, { message: 'Invalid input', code: 'VALIDATION_FAILED', issues: [{ path: 'receipt', code: 'fileType', params: {}, message: 'must be a PDF, PNG or JPEG' }] })];
    const user = userEvent.setup({ applyAccept: false });
    renderSignedIn(ME, <ExpenseOpener />);
    const dialog = await fillExpense(user);
    await user.upload(within(dialog).getByLabelText('Receipt'), new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    await within(dialog).findByText('The receipt must be a PDF, PNG or JPEG file.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(sent).toHaveLength(0);
    // A file that looks right but is not (the server reads its bytes): its refusal under the field.
    await user.upload(within(dialog).getByLabelText('Receipt'), new File(['MZ'], 'scan.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await within(dialog).findByText('Receipt must be a PDF, PNG or JPEG');
  });
});

describe('a budget target in place', () => {
  beforeAll(() => initI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sent.length = 0;
  });

  const target = (amount: number, category: string | null = null) => json(201, { data: { _id: 't1', month: '2031-03', kind: 'expense', category, amount, currency: 'USD', updatedAt: '' } });

  it('sets a target the month lacks with a POST, and changes one it has with a PUT', async () => {
    stubServer();
    answers = [target(200_000, 'rent'), target(900_000)];
    const user = userEvent.setup();
    renderSignedIn(
      ME,
      <>
        <TargetCell kind="expense" category="rent" month="2031-03" target={null} exists={false} label="Target for Rent" />
        <TargetCell kind="expense" month="2031-03" target={800_000} exists label="Expense target" />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Target for Rent: set' }));
    await user.type(screen.getByLabelText('Target for Rent'), '2000{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/budget/target/expense', body: { month: '2031-03', amount: 200_000, category: 'rent' } });

    await user.click(screen.getByRole('button', { name: 'Expense target: change' }));
    const field = screen.getByLabelText('Expense target');
    expect((field as HTMLInputElement).value).toBe('$8,000.00');
    await user.clear(field);
    await user.type(field, '9000{Enter}');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ method: 'PUT', path: '/api/budget/target/expense', body: { month: '2031-03', amount: 900_000 } });
    expect(sent[1]!.body).not.toHaveProperty('category');
  });

  it('Escape leaves the target as it was, sends nothing, and gives the focus back to its button', async () => {
    stubServer();
    const user = userEvent.setup();
    renderSignedIn(ME, <TargetCell kind="income" month="2031-03" target={1_000_000} exists label="Income target" />);
    const button = await screen.findByRole('button', { name: 'Income target: change' });
    await user.click(button);
    await user.type(screen.getByLabelText('Income target'), '5');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Income target: change' })));
    expect(screen.getByText('$10,000.00')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});

describe('the statement and the month', () => {
  const movement = (linkedTo: Movement['linkedTo']): Movement => ({ _id: 'l1', date: '2031-03-01', description: '', descriptionCode: null, type: 'incoming', paymentMethod: 'cash', amount: 1, status: 'posted', linkedTo });
  const all = () => true;

  it('opens each movement’s record: the booking, the operation, the expense; the rest in the journal', () => {
    expect(movementLink(movement({ type: 'booking-payment', _id: 'p1', ref: 'RCT-2031-0001', parentId: 'b1' }), all)).toBe('/bookings/b1');
    expect(movementLink(movement({ type: 'voucher-payment', _id: 'p2', ref: null, parentId: 'o1' }), all)).toBe('/operations/o1');
    expect(movementLink(movement({ type: 'expense-payment', _id: 'p3', ref: null, parentId: 'o2' }), all)).toBe('/operations/o2');
    expect(movementLink(movement({ type: 'expense', _id: 'x1', ref: null, parentId: null }), all)).toBe('/expenses/x1');
    expect(movementLink(movement({ type: 'other-income', _id: 'i1', ref: 'RCT-2031-0002', parentId: null }), all)).toBe('/account/journal?sourceType=other-income&search=RCT-2031-0002');
    // A salary opens only for who may see salaries; a booking only for who may see bookings.
    expect(movementLink(movement({ type: 'salary', _id: 'x2', ref: null, parentId: null }), (m) => m !== 'salaries')).toBeUndefined();
    expect(movementLink(movement({ type: 'booking-payment', _id: 'p1', ref: null, parentId: 'b1' }), (m) => m !== 'bookings')).toBeUndefined();
  });

  it('counts months across years and knows a month’s last day', () => {
    expect(shiftMonth('2031-01', -1)).toBe('2030-12');
    expect(shiftMonth('2030-12', 1)).toBe('2031-01');
    expect(shiftMonth('2031-03', -15)).toBe('2029-12');
    expect(monthDays('2032-02')).toEqual({ from: '2032-02-01', to: '2032-02-29' });
    expect(monthDays('2031-02').to).toBe('2031-02-28');
    expect(monthDays('2031-12').to).toBe('2031-12-31');
  });
});
