import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { LeadActivity, LeadDetail, LeadState } from '../../src/api/leads/contract';
import { LoseLeadDialog, useLeadWorkflow } from '../../src/features/leads/lead-workflow';
import { initI18n } from '../../src/ui/i18n';
import { createQueryClient } from '../../src/ui/query-client';
import { WorkflowPanel } from '../../src/ui/workflow-panel';

configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const LEAD_ID = '00000000-0000-4000-8000-000000000001';
const lead = (status: LeadState, activity: LeadActivity[] = []): LeadDetail => ({
  _id: LEAD_ID,
  name: 'Mira Haddad',
  phone: '+971 50 123 4567',
  email: null,
  status,
  followUp: null,
  assignedTo: null,
  comment: null,
  source: 'phone',
  regions: [],
  destinations: [],
  queryDate: '2026-05-01',
  lostReason: null,
  contactId: null,
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
  queries: [],
  followUps: [],
  activity,
});

/** The lead's page's workflow wiring, with the LOSE dialog it opens. */
function Pipeline({ status }: { status: LeadState }) {
  const [current] = useState(() => lead(status));
  const { workflow, losing, closeLosing } = useLeadWorkflow(current, true);
  return (
    <>
      <WorkflowPanel {...workflow} />
      {losing && <LoseLeadDialog lead={current} onClose={closeLosing} />}
    </>
  );
}
const renderPipeline = (status: LeadState) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Pipeline status={status} />
    </QueryClientProvider>,
  );
const offered = () => screen.queryAllByRole('button').filter((b) => b.dataset.event).map((b) => b.dataset.event);

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the lead pipeline on the lead’s page', () => {
  beforeAll(() => initI18n('en'));
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(cleanup);

  it.each<[LeadState, string[]]>([
    ['new', ['CONTACT', 'LOSE']],
    ['contacted', ['QUALIFY', 'LOSE']],
    ['qualified', ['QUOTE', 'LOSE']],
    // Won only through a booking: never a button.
    ['quoted', ['LOSE']],
    ['won', ['REOPEN']], // a returning customer's new enquiry
    ['lost', ['REOPEN']],
  ])('in %s offers exactly %j (what the lead machine accepts)', (status, events) => {
    renderPipeline(status);
    expect(offered()).toEqual(events);
  });

  it('QUALIFY sends the state wanted to the status call', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json(200, { data: lead('qualified') }));
    renderPipeline('contacted');
    await user.click(screen.getByRole('button', { name: 'Qualify' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/leads/${LEAD_ID}/status`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'qualified' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('The lead is now Qualified'));
  });

  it('LOSE asks for a reason: none is refused with the contract’s message, then the reason is sent', async () => {
    const user = userEvent.setup();
    renderPipeline('qualified');
    await user.click(screen.getByRole('button', { name: 'Mark lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Mira Haddad as lost' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    expect(await within(dialog).findByText('Reason is required to mark a lead lost')).toBeTruthy();
    // Blank is no reason either.
    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    expect(await within(dialog).findByText('Reason is required to mark a lead lost')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValue(json(200, { data: { ...lead('lost'), lostReason: 'Booked elsewhere' } }));
    await user.clear(within(dialog).getByLabelText('Reason'));
    await user.type(within(dialog).getByLabelText('Reason'), '  Booked elsewhere ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ status: 'lost', reason: 'Booked elsewhere' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a refusal from the server keeps the dialog open and shows the server’s message', async () => {
    const user = userEvent.setup();
    renderPipeline('quoted');
    await user.click(screen.getByRole('button', { name: 'Mark lost' }));
    const dialog = await screen.findByRole('dialog');
    fetchMock.mockResolvedValue(json(409, { message: 'A won lead cannot be marked lost', code: 'TRANSITION_NOT_ALLOWED' }));
    await user.type(within(dialog).getByLabelText('Reason'), 'Too late');
    await user.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('A won lead cannot be marked lost'));
    expect(screen.getByRole('dialog')).toBeTruthy();

    // A 400 naming the reason goes under the field.
    fetchMock.mockResolvedValue(json(400, { message: 'reason is required to mark a lead lost', code: 'VALIDATION_FAILED', issues: [{ path: 'reason', message: 'is required to mark a lead lost' }] }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark lost' }));
    expect(await within(dialog).findByText('Reason is required to mark a lead lost')).toBeTruthy();
  });
});
