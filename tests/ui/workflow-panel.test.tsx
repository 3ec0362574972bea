import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { assign, setup } from 'xstate';
import { initI18n } from '../../src/ui/i18n';
import { WorkflowPanel, type WorkflowAction } from '../../src/ui/workflow-panel';
import { VENDOR_EVENTS, vendorMachine, type VendorEvent } from '../../src/machines/vendor-machine';

/** Not a vendor: a nested state and a guard on the record, to show the panel knows neither. */
type ClaimEvent = { type: 'SUBMIT' } | { type: 'APPROVE' } | { type: 'PAY' } | { type: 'REJECT' };
const claimMachine = setup({
  types: { events: {} as ClaimEvent, context: {} as { amount: number; limit: number } },
  guards: { withinLimit: ({ context }) => context.amount <= context.limit },
}).createMachine({
  id: 'claim',
  initial: 'draft',
  context: { amount: 0, limit: 0 },
  states: {
    draft: { on: { SUBMIT: 'review' } },
    review: {
      initial: 'waiting',
      states: { waiting: { on: { APPROVE: { target: '#claim.approved', guard: 'withinLimit' }, REJECT: '#claim.rejected' } } },
    },
    approved: { on: { PAY: 'paid' } },
    paid: { type: 'final' },
    rejected: { entry: assign({ amount: 0 }) },
  },
});
const CLAIM_ACTIONS: WorkflowAction<ClaimEvent>[] = [
  { event: { type: 'SUBMIT' }, label: 'Submit' },
  { event: { type: 'APPROVE' }, label: 'Approve' },
  { event: { type: 'REJECT' }, label: 'Reject', confirm: { message: 'Rejecting cannot be undone.', danger: true } },
  { event: { type: 'PAY' }, label: 'Pay', confirm: { message: 'This moves money.' } },
];
const VENDOR_ACTIONS: WorkflowAction<VendorEvent>[] = VENDOR_EVENTS.map((event) => ({
  event,
  label: event.type === 'ACTIVATE' ? 'Activate' : 'Deactivate',
  confirm: event.type === 'DEACTIVATE' ? { message: 'Deactivate it?' } : undefined,
}));

const buttons = () => screen.queryAllByRole('button').filter((b) => b.dataset.event).map((b) => b.dataset.event);

describe('WorkflowPanel (generic: the buttons are what snapshot.can allows)', () => {
  beforeAll(() => initI18n('en'));
  afterEach(cleanup);

  it('offers exactly the vendor events the machine accepts in the stored state', () => {
    const { rerender } = render(<WorkflowPanel machine={vendorMachine} state="active" actions={VENDOR_ACTIONS} onEvent={vi.fn()} />);
    expect(buttons()).toEqual(['DEACTIVATE']);
    expect(screen.getByRole('list', { name: 'Steps' }).querySelector('[aria-current=step]')?.textContent).toBe('Active');
    rerender(<WorkflowPanel machine={vendorMachine} state="inactive" actions={VENDOR_ACTIONS} onEvent={vi.fn()} />);
    expect(buttons()).toEqual(['ACTIVATE']);
    expect(screen.getByRole('list', { name: 'Steps' }).querySelector('[aria-current=step]')?.textContent).toBe('Inactive');
  });

  it('works for any machine: nested stored states and guards on the record context', () => {
    const props = { machine: claimMachine, actions: CLAIM_ACTIONS, onEvent: vi.fn(), stateLabel: (s: string) => s };
    const { rerender } = render(<WorkflowPanel {...props} state="draft" />);
    expect(buttons()).toEqual(['SUBMIT']);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['draft', 'review', 'approved', 'paid', 'rejected']);
    rerender(<WorkflowPanel {...props} state="review.waiting" context={{ amount: 500, limit: 1000 }} />);
    expect(buttons()).toEqual(['APPROVE', 'REJECT']);
    rerender(<WorkflowPanel {...props} state="review.waiting" context={{ amount: 5000, limit: 1000 }} />);
    expect(buttons()).toEqual(['REJECT']);
    rerender(<WorkflowPanel {...props} state="paid" />);
    expect(buttons()).toEqual([]);
    expect(screen.getByText('No action is available in this state.')).toBeTruthy();
  });

  it('sends an unflagged event at once, and a flagged one only after the confirmation', async () => {
    const user = userEvent.setup();
    const onEvent = vi.fn().mockResolvedValue(undefined);
    render(
      <>
        <WorkflowPanel machine={claimMachine} state="review.waiting" context={{ amount: 1, limit: 10 }} actions={CLAIM_ACTIONS} onEvent={onEvent} />
        <ConfirmDialog />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onEvent).toHaveBeenCalledWith({ type: 'APPROVE' });

    onEvent.mockClear();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByText('Rejecting cannot be undone.');
    expect(onEvent).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Rejecting cannot be undone.')).toBeNull());
    expect(onEvent).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByText('Rejecting cannot be undone.');
    const dialog = document.querySelector('.p-confirm-dialog') as HTMLElement;
    await user.click([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Reject')!);
    await waitFor(() => expect(onEvent).toHaveBeenCalledWith({ type: 'REJECT' }));
  });
});
