import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import { configureApiClient, errorMessage, ApiError, NetworkError } from '../../src/api/client';
import type { LeadDetail } from '../../src/api/leads/contract';
import { LoseLeadDialog } from '../../src/features/leads/lead-workflow';
import { changeLanguage, currentLanguage, initI18n, moneyInLanguage, translateApi } from '../../src/ui/i18n';
import { createQueryClient } from '../../src/ui/query-client';

/**
 * The web app shows what the API's codes say in the member's language: a 400's issues under the
 * fields (the screen's own labels, never the raw path), a 409 in the toast, with their parameters;
 * the English message only for a code the app does not know.
 */
configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const lead = { _id: '00000000-0000-4000-8000-000000000001', name: 'Mira Haddad', status: 'quoted' } as LeadDetail;
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function openDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LoseLeadDialog lead={lead} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog');
}

describe('errors in the member’s language', () => {
  beforeAll(async () => {
    await initI18n('ae');
    configureApiClient({ translate: translateApi, language: currentLanguage, money: moneyInLanguage, onUnauthorized: vi.fn() });
  });
  afterAll(() => changeLanguage('en'));
  beforeEach(() => {
    fetchMock.mockReset();
    vi.mocked(toast.error).mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(cleanup);

  it('an Arabic member sees a 400’s issues in Arabic, under the field’s own label, with the parameters', async () => {
    const user = userEvent.setup();
    const dialog = openDialog();
    fetchMock.mockResolvedValue(
      json(400, {
        message: 'Invalid body: reason must be at most 1000 characters',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'reason', code: 'tooLong', params: { max: 1000 }, message: 'must be at most 1000 characters' }],
      }),
    );
    await user.type(within(dialog).getByLabelText('السبب'), 'طويل');
    await user.click(within(dialog).getByRole('button', { name: 'تعليم كخاسر' }));
    expect(await within(dialog).findByText('السبب يجب ألا يزيد على 1000 حرفًا')).toBeTruthy();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('بعض القيم غير صالحة: راجع الحقول المعلَّمة.'));
    expect(within(dialog).queryByText(/must be at most/)).toBeNull();
  });

  it('the form’s own check speaks Arabic too (the same codes as the server)', async () => {
    const user = userEvent.setup();
    const dialog = openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'تعليم كخاسر' }));
    expect(await within(dialog).findByText('السبب مطلوب لوضع العميل المحتمل كخاسر')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('السبب'), 'a\u0007b');
    await user.click(within(dialog).getByRole('button', { name: 'تعليم كخاسر' }));
    expect(await within(dialog).findByText('السبب يجب ألا يحتوي على أحرف تحكم')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an Arabic member sees a 409 toast in Arabic, with its parameters', async () => {
    const user = userEvent.setup();
    const dialog = openDialog();
    fetchMock.mockResolvedValue(json(409, { message: 'A won lead cannot be marked lost', code: 'TRANSITION_NOT_ALLOWED', params: { state: 'won', event: 'LOSE' } }));
    await user.type(within(dialog).getByLabelText('السبب'), 'متأخر جدًا');
    await user.click(within(dialog).getByRole('button', { name: 'تعليم كخاسر' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('هذا غير مسموح به في الحالة الحالية للسجل.'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    const seats = new ApiError('All 10 seats of the subscription are taken: deactivate a member or add seats', 409, 'SEAT_LIMIT', undefined, { seats: 10 });
    expect(errorMessage(seats)).toBe('جميع مقاعد الاشتراك البالغة 10 مشغولة: عطّل عضوًا أو أضف مقاعد.');
  });

  it('says money in a refusal in the member’s language and number format, never as minor units', async () => {
    const over = new ApiError('The payment is more than the open balance (USD 557.00)', 409, 'PAYMENT_EXCEEDS_BALANCE', undefined, { open: 55_700, amount: 60_000, currency: 'USD', money: ['open', 'amount'] });
    try {
      await changeLanguage('de');
      expect(errorMessage(over)).toBe('Die Zahlung ist höher als der offene Betrag der Buchung (557,00\u00a0$).');
      await changeLanguage('ja');
      expect(errorMessage(over)).toBe('支払額が予約の未払い残高を超えています（$557.00）。');
    } finally {
      await changeLanguage('ae');
    }
  });

  it('a server that cannot be reached is said in Arabic, never the browser’s “Failed to fetch”: nothing was saved', async () => {
    const user = userEvent.setup();
    const dialog = openDialog();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await user.type(within(dialog).getByLabelText('السبب'), 'متأخر جدًا');
    await user.click(within(dialog).getByRole('button', { name: 'تعليم كخاسر' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('تعذّر الوصول إلى الخادم: لم يُحفظ شيء. تحقّق من الاتصال وحاول مرة أخرى.', expect.objectContaining({ id: 'unreachable' })));
    expect(vi.mocked(toast.error).mock.calls.flat().join(' ')).not.toMatch(/Failed to fetch/);
    expect(screen.getByRole('dialog')).toBeTruthy();
    // A read that got no answer does not speak of saving.
    expect(errorMessage(new NetworkError(false, new TypeError('Load failed')))).toBe('تعذّر الوصول إلى الخادم. تحقّق من الاتصال وحاول مرة أخرى.');
  });

  it('a proxy’s bare “Internal Server Error” is not shown: the call’s own words, in Arabic', async () => {
    const user = userEvent.setup();
    const dialog = openDialog();
    fetchMock.mockResolvedValue(new Response('Internal Server Error', { status: 500, headers: { 'Content-Type': 'text/plain' } }));
    await user.type(within(dialog).getByLabelText('السبب'), 'متأخر جدًا');
    await user.click(within(dialog).getByRole('button', { name: 'تعليم كخاسر' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    const said = vi.mocked(toast.error).mock.calls.map(([text]) => String(text));
    expect(said.join(' ')).not.toMatch(/Internal Server Error|[A-Za-z]{4,}/);
  });

  it('falls back to the server’s English message for a code it does not know', () => {
    expect(errorMessage(new ApiError('Something new went wrong', 409, 'SOMETHING_NEW'))).toBe('Something new went wrong');
  });

  it('an English member reads the server’s own words, the most precise', async () => {
    await changeLanguage('en');
    try {
      expect(errorMessage(new ApiError('Only a lost or won lead can be reopened; this one is new', 409, 'TRANSITION_NOT_ALLOWED'))).toBe('Only a lost or won lead can be reopened; this one is new');
      await changeLanguage('de');
      expect(errorMessage(new ApiError('Only a lost or won lead can be reopened; this one is new', 409, 'TRANSITION_NOT_ALLOWED'))).toBe('Das ist im aktuellen Zustand des Datensatzes nicht erlaubt.');
    } finally {
      await changeLanguage('ae');
    }
  });
});
