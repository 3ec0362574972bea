import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IncomeDialog } from '../../src/features/finance/income-dialog';
import { initI18n } from '../../src/ui/i18n';
import { renderSignedIn, signedInAs } from '../support/signed-in';

configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/**
 * The "Record other income" form against a stand-in server: the Idempotency-Key is made once per
 * opening of the form, so a retry after a failed answer is the same request, and the next opening
 * is a new one; the server's field issues show under their fields.
 */
const ME = signedInAs('Fatima Finance', 'finance@demo.travel', 'Finance');

const posts: { key: string | null; body: Record<string, unknown> }[] = [];
let answers: Response[] = [];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/auth/me') return json(200, { data: ME });
      if (init?.method === 'POST' && url.pathname === '/api/budget/income') {
        posts.push({ key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
        return answers.shift()!;
      }
      return json(404, { message: 'no', code: 'NOT_FOUND' });
    }),
  );
}

function Opener() {
  const [open, setOpen] = useState(true);
  return open ? <IncomeDialog onClose={() => setOpen(false)} /> : <button onClick={() => setOpen(true)}>open again</button>;
}

function renderForm() {
  renderSignedIn(ME, <Opener />);
}

const income = { data: { _id: 'i1', number: 'RCT-2026-0001', date: '2026-11-23', amount: 1250, currency: 'USD', paymentMethod: 'bank-transfer', description: 'Fee', entryId: 'e1', createdAt: '' } };

describe('the other-income form', () => {
  beforeAll(() => initI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    posts.length = 0;
  });

  it('sends one key per opening: a retry reuses it, the next opening makes a new one', async () => {
    stubServer();
    answers = [json(500, { message: 'An unexpected error occurred.', code: 'INTERNAL' }), json(201, income), json(201, income)];
    renderForm();
    const amount = await screen.findByLabelText('Amount');
    // The dialog puts the focus in its first field once shown: type after that, or the keys land elsewhere.
    await waitFor(() => expect(document.activeElement).toBe(amount));
    await userEvent.type(amount, '12.50');
    await userEvent.type(screen.getByLabelText('Description'), 'Fee');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    // The answer was lost (500): the same form sends again, with the same key.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    await screen.findByRole('button', { name: 'open again' });
    expect(posts[0]!.body).toMatchObject({ amount: 1250, paymentMethod: 'bank-transfer', description: 'Fee' });
    expect(posts[1]!.key).toBe(posts[0]!.key);
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);

    await userEvent.click(screen.getByRole('button', { name: 'open again' }));
    const again = await screen.findByLabelText('Amount');
    await waitFor(() => expect(document.activeElement).toBe(again));
    await userEvent.type(again, '12.50');
    await userEvent.type(screen.getByLabelText('Description'), 'Fee');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(posts[2]!.key).not.toBe(posts[0]!.key);
  });

  it('shows the server\'s field issues under their fields', async () => {
    stubServer();
    answers = [json(400, { message: 'Invalid input', code: 'VALIDATION_FAILED', issues: [{ path: 'date', message: 'must be a real calendar date' }] })];
    renderForm();
    await userEvent.type(await screen.findByLabelText('Amount'), '5');
    await userEvent.type(screen.getByLabelText('Description'), 'Fee');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Date must be a real calendar date');
  });
});
