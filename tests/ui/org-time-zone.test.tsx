import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import type { DocumentSend, SendStatus } from '../../src/api/documents/contract';
import type { TourVersionSummary } from '../../src/api/tours/customized/contract';
import { itineraryPath } from '../../src/features/tours/customized/tour-itinerary';
import { VersionHistory } from '../../src/features/tours/customized/version-history';
import { initI18n } from '../../src/ui/i18n';
import { DocumentSends } from '../../src/ui/send-document-dialog';
import { renderSignedIn, signedInAs } from '../support/signed-in';

/**
 * One zone everywhere (issue 27): the browser here keeps New York's clock, the organization
 * (Demo Travels) Dubai's. A record's sends and a tour's sent versions say their moments on the
 * organization's clock, as every other screen does, never the browser's; and a version whose email
 * still waits in the outbox says it waits, not "sent".
 */
const browserZone = process.env.TZ;
process.env.TZ = 'America/New_York';

configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const ME = signedInAs('Sara Sales', 'sales@demo.travel', 'Sales');
const TOUR = '00000000-0000-4000-8000-0000000000c1';
const SARA = { _id: '00000000-0000-4000-8000-0000000000b1', name: 'Sara Sales' };

/** 22:30 UTC on 10 March 2026: 6:30 PM in New York (summer time since 8 March), 2:30 AM on the 11th in Dubai. */
const LATE = '2026-03-10T22:30:00.000Z';

const send = (version: number, status: SendStatus, createdAt: string): DocumentSend => ({
  _id: `00000000-0000-4000-8000-00000000010${version}`,
  recordType: 'customized-tour',
  recordId: TOUR,
  recordLabel: 'Oman in spring',
  document: 'itinerary',
  version,
  language: 'en',
  to: ['mira@example.com'],
  cc: [],
  subject: 'Your itinerary',
  message: 'Dear Mira',
  status,
  attempts: 0,
  lastError: null,
  serverResponse: status === 'sent' ? '250 OK' : null,
  sentBy: SARA,
  from: { name: 'Demo Travels', address: null },
  attachments: [],
  createdAt,
  sentAt: status === 'sent' ? createdAt : null,
  failedAt: null,
});
const version = (n: number, sentAt: string): TourVersionSummary => ({ version: n, sentAt, sentBy: SARA, to: 'mira@example.com', cc: [], subject: 'Your itinerary', totalSell: 250_000 });

// Newest first, as the API answers: version 3 kept in the outbox (no mail server then), 2 waiting for the mail server, 1 delivered.
const SENDS = [send(3, 'outbox', LATE), send(2, 'queued', '2026-03-01T06:00:00.000Z'), send(1, 'sent', '2026-02-20T21:15:00.000Z')];
const VERSIONS = [version(3, LATE), version(2, '2026-03-01T06:00:00.000Z'), version(1, '2026-02-20T21:15:00.000Z')];

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const body = url.pathname === `/api${itineraryPath(TOUR)}/sends` ? { data: SENDS } : { message: 'no', code: 'NOT_FOUND' };
      return new Response(JSON.stringify(body), { status: 'data' in body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

describe('moments in the organization’s time zone, not the browser’s', () => {
  beforeAll(() => initI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  afterAll(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });

  it('the browser’s clock here is not the organization’s', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    expect(ME.organization.timeZone).toBe('Asia/Dubai');
  });

  it('a record’s sends say when in Dubai, and what waits says it waits', async () => {
    stubServer();
    renderSignedIn(ME, <DocumentSends recordPath={itineraryPath(TOUR)} />);
    const rows = await screen.findAllByTestId('document-send');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Waiting in the outbox.*Sara Sales, Mar 11, 2026, 2:30\sAM$/),
      expect.stringMatching(/^Waiting for the mail server.*Sara Sales, Mar 1, 2026, 10:00\sAM$/),
      expect.stringMatching(/^Sent.*Sara Sales, Feb 21, 2026, 1:15\sAM$/),
    ]);
    expect(document.body.textContent).not.toMatch(/6:30\sPM/);
  });

  it('a tour’s versions say when in Dubai; one whose email waits says so and was written, not sent', async () => {
    stubServer();
    renderSignedIn(ME, <VersionHistory tourId={TOUR} versions={VERSIONS} currency="USD" />);
    const list = await screen.findByTestId('tour-versions');
    const row = (n: number) => list.querySelector<HTMLElement>(`[data-version="${n}"]`)!;
    await vi.waitFor(() => expect(row(3).dataset.email).toBe('outbox'));
    expect(within(row(3)).getByText('Waiting in the outbox')).toBeTruthy();
    expect(row(3).textContent).toMatch(/written Mar 11, 2026, 2:30\sAM by Sara Sales · to mira@example\.com/);
    expect(within(row(2)).getByText('Waiting for the mail server')).toBeTruthy();
    expect(row(2).textContent).toMatch(/written Mar 1, 2026, 10:00\sAM by Sara Sales/);
    // Delivered: sent, on Dubai's clock (1:15 AM on the 21st, 4:15 PM on the 20th in New York).
    expect(row(1).textContent).toMatch(/sent Feb 21, 2026, 1:15\sAM by Sara Sales/);
    expect(within(row(1)).queryByText('Sent')).toBeNull();
    expect(list.textContent).not.toMatch(/sent Mar/);
  });
});
