import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthState } from '../../src/api/admin/auth/contract';
import { RegionsPage } from '../../src/features/catalogue/regions-page';
import { GroupToursPage } from '../../src/features/tours/group/group-tours-page';
import { PaymentReceiptsPage } from '../../src/features/bookings/payment-receipts-page';
import { OutboxPage } from '../../src/features/documents/outbox-page';
import { initI18n } from '../../src/ui/i18n';
import { renderSignedIn, signedInAs } from '../support/signed-in';

/**
 * Empty lists say what creates a record (issue 27), in the two shapes every list screen uses:
 * a list a member fills names its button and offers it (`emptyState`), to a member who may create,
 * and says only where records come from to one who may not; a list a workflow fills says which step
 * makes its records (`emptyTexts`, the step's button named in the member's language).
 */
configure({ asyncUtilTimeout: 5000 });

function emptyServer(input: RequestInfo | URL) {
  const url = new URL(String(input), 'http://localhost');
  const body = url.pathname.endsWith('/stats') ? { data: {} } : { data: [], meta: { currentPage: 1, limit: 20, totalItems: 0, totalPages: 0 } };
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
}

/** A member who may only read (no create anywhere). */
function reader(): AuthState {
  const me = signedInAs('Rita Reader', 'rita@demo.travel', 'Reader');
  const view = Object.fromEntries(Object.keys(me.role.permissions).map((m) => [m, ['view']]));
  return { ...me, role: { ...me.role, permissions: view } } as AuthState;
}

beforeAll(() => initI18n('en'));
beforeEach(() => vi.stubGlobal('fetch', vi.fn(emptyServer)));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an empty list a member fills', () => {
  it('names New region and Import regions and offers both, to a member who may create', async () => {
    const user = userEvent.setup();
    renderSignedIn(signedInAs('Olivia Owner', 'owner@demo.travel', 'Owner'), <RegionsPage />);
    const empty = await screen.findByTestId('empty-state');
    within(empty).getByText('No regions yet.');
    within(empty).getByText('Regions group your destinations. Add one with New region, or bring a file of them with Import regions.');
    within(empty).getByRole('button', { name: 'Import regions' });
    await user.click(within(empty).getByRole('button', { name: 'New region' }));
    await screen.findByRole('dialog', { name: 'New region' });
  });

  it('names New departure on group tours, as a link to the new departure', async () => {
    renderSignedIn(signedInAs('Olivia Owner', 'owner@demo.travel', 'Owner'), <GroupToursPage />);
    const empty = await screen.findByTestId('empty-state');
    within(empty).getByText('No group tours yet.');
    within(empty).getByText('Scheduled departures with seats to sell appear here. Add one with New departure.');
    expect(within(empty).getByRole('link', { name: 'New departure' }).getAttribute('href')).toBe('/group-tours/new');
  });

  it('says only where records come from to a member who may not create', async () => {
    renderSignedIn(reader(), <RegionsPage />);
    const empty = await screen.findByTestId('empty-state');
    within(empty).getByText('Regions group your destinations.');
    expect(within(empty).queryByRole('button')).toBeNull();
    expect(screen.queryByText('Nothing here yet.')).toBeNull();
  });
});

describe('an empty list a workflow fills', () => {
  it('says which step makes a payment receipt', async () => {
    renderSignedIn(signedInAs('Fiona Finance', 'finance@demo.travel', 'Finance'), <PaymentReceiptsPage />);
    const empty = await screen.findByTestId('empty-state');
    within(empty).getByText('No payments yet.');
    within(empty).getByText('A payment recorded on a booking with Record payment appears here, for finance to verify.');
  });

  it('says what the outbox holds', async () => {
    renderSignedIn(signedInAs('Olivia Owner', 'owner@demo.travel', 'Owner'), <OutboxPage />);
    const empty = await screen.findByTestId('empty-state');
    within(empty).getByText('No emails yet.');
    within(empty).getByText(/payment reminders, overdue notices, invitations/);
    expect(screen.queryByText('Nothing here yet.')).toBeNull();
  });
});
