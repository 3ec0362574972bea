import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentSend } from '../../src/api/documents/contract';
import { OutboxPage } from '../../src/features/documents/outbox-page';
import { initI18n } from '../../src/ui/i18n';
import { renderSignedIn, signedInAs } from '../support/signed-in';

/**
 * A reminder the product sent by itself names its sender (issue 27): the organization, "sent
 * automatically", in the outbox's list and in the message, with the address it goes from.
 */
configure({ asyncUtilTimeout: 5000 });

const REMINDER: DocumentSend = {
  _id: '00000000-0000-4000-8000-000000000001',
  recordType: 'booking',
  recordId: '00000000-0000-4000-8000-000000000002',
  recordLabel: 'BKG-2026-0001',
  document: 'payment-reminder',
  version: null,
  language: 'en',
  to: ['guest@example.com'],
  cc: [],
  subject: 'Payment reminder: booking BKG-2026-0001',
  message: 'Dear guest,',
  status: 'outbox',
  attempts: 0,
  lastError: null,
  serverResponse: null,
  sentBy: null,
  from: { name: 'Demo Travels', address: 'hello@demo.travel' },
  attachments: [],
  createdAt: '2026-11-20T08:00:00.000Z',
  sentAt: null,
  failedAt: null,
};

function server(input: RequestInfo | URL) {
  const url = new URL(String(input), 'http://localhost');
  const body = url.pathname.endsWith(REMINDER._id) ? { data: REMINDER } : { data: [REMINDER], meta: { currentPage: 1, limit: 20, totalItems: 1, totalPages: 1 } };
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
}

beforeAll(() => initI18n('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the outbox', () => {
  it('names the organization as the sender of what the product sent by itself', async () => {
    vi.stubGlobal('fetch', vi.fn(server));
    const user = userEvent.setup();
    renderSignedIn(signedInAs('Olivia Owner', 'owner@demo.travel', 'Owner'), <OutboxPage />);
    const row = (await screen.findAllByText('Demo Travels (sent automatically)'))[0];
    expect(row).toBeTruthy();
    await user.click(screen.getAllByText('Payment reminder: booking BKG-2026-0001')[0]);
    const message = await screen.findByTestId('outbox-message');
    within(message).getByText('hello@demo.travel', { exact: false });
    within(message).getByText(/^Demo Travels \(sent automatically\), /);
  });
});
