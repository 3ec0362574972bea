import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import type { Notification } from '../../src/api/notifications/contract';
import { changeLanguage, initI18n } from '../../src/ui/i18n';
import { NotificationList } from '../../src/ui/notifications-bell';
import { renderSignedIn, signedInAs } from '../support/signed-in';

configure({ asyncUtilTimeout: 5000 });

/**
 * The bell in the reader's language: a notification is worded from its message key and values
 * (money, the date and the payment method formatted for the reader), and one stored before keys
 * existed keeps its English title and body.
 */
const ME = signedInAs('Fatima Finance', 'finance@demo.travel', 'Finance');

const base = { readAt: null, createdAt: '2026-11-23T08:00:00.000Z' };
const NOTIFICATIONS: Notification[] = [
  {
    ...base,
    _id: '00000000-0000-4000-8000-000000000001',
    type: 'payment-submitted',
    title: 'Payment to verify: Mira Haddad (BK-12)',
    body: '$1,200.00 by card, paid on 2026-11-22',
    message: { key: 'paymentToVerify', params: { customer: 'Mira Haddad', ref: 'BK-12', amount: 120_000, currency: 'USD', method: 'card', date: '2026-11-22' } },
    link: '/bookings/b1',
  },
  {
    ...base,
    _id: '00000000-0000-4000-8000-000000000002',
    type: 'lead-assigned',
    title: '3 imported leads assigned to you',
    body: null,
    message: { key: 'leadsImported', params: { count: 3 } },
    link: '/leads?assignedTo=m1',
  },
  { ...base, _id: '00000000-0000-4000-8000-000000000003', type: 'system', title: 'Written before keys', body: 'Its English stays', message: null, link: null },
  // A key from a newer server than this copy of the app (a tab left open across a deploy).
  { ...base, _id: '00000000-0000-4000-8000-000000000004', type: 'system', title: 'From a newer server', body: null, message: { key: 'notYetKnown', params: {} } as unknown as Notification['message'], link: null },
];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderList() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/auth/me') return json(200, { data: ME });
      if (url.pathname === '/api/notifications/unread') {
        return json(200, { data: NOTIFICATIONS, meta: { totalItems: 4, totalPages: 1, currentPage: 1, limit: 50 }, stats: { unread: 4 } });
      }
      return json(404, { message: 'no', code: 'NOT_FOUND' });
    }),
  );
  renderSignedIn(ME, <NotificationList />);
}

const items = async () => within(await screen.findByTestId('notifications-list')).getAllByRole('listitem').map((li) => li.textContent ?? '');

describe('notifications in the reader’s language', () => {
  beforeAll(() => initI18n('en'));
  afterEach(cleanup);
  afterAll(() => changeLanguage('en'));

  it('English: worded from the key, the method in words', async () => {
    await changeLanguage('en');
    renderList();
    const [payment, imported, old, newer] = await items();
    expect(payment).toContain('Payment to verify: Mira Haddad (BK-12)');
    expect(payment).toContain('$1,200.00 · Card · paid on Nov 22, 2026');
    expect(imported).toContain('3 imported leads assigned to you');
    expect(old).toContain('Written before keys');
    expect(old).toContain('Its English stays');
    expect(newer).toContain('From a newer server');
  });

  it('Arabic: the same notifications in Arabic, with Arabic plural forms; one without a key as it was stored', async () => {
    await changeLanguage('ae');
    renderList();
    const [payment, imported, old, newer] = await items();
    // Each name isolated, so "Mira Haddad" and "BK-12" keep their order in the Arabic line.
    expect(payment).toContain('دفعة بانتظار التحقق: \u2068Mira Haddad\u2069 (\u2068BK-12\u2069)');
    expect(payment).toContain(`${new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(1200)} · بطاقة · دُفعت في`);
    expect(payment).not.toContain('by card');
    expect(imported).toContain('أُسند إليك 3 عملاء محتملين مستوردين');
    expect(old).toContain('Written before keys');
    expect(newer).toContain('From a newer server');
  });
});
