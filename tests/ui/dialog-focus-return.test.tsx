import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Dialog } from '../../src/ui/dialog';
import { FormDialog } from '../../src/ui/form-dialog';
import { initI18n } from '../../src/ui/i18n';

/**
 * Focus after a dialog (issue 27): it returns to what opened it, so a keyboard user goes on from
 * where they were rather than from the top of the page; a page that moved the focus itself (to the
 * new record) keeps it there.
 */
configure({ asyncUtilTimeout: 3000 });
beforeAll(() => initI18n('en'));
afterEach(cleanup);

function FormDialogPage({ focusAfter }: { focusAfter?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <MemoryRouter>
      <button type="button" onClick={() => setOpen(true)}>
        Add a note
      </button>
      <a href="#new" id="new-record">
        The new record
      </a>
      {open && (
        <FormDialog
          id="note-form"
          header="A note"
          onClose={() => {
            setOpen(false);
            if (focusAfter) document.getElementById('new-record')!.focus();
          }}
          onSubmit={(e) => e.preventDefault()}
          submitting={false}
        >
          <label htmlFor="note">Note</label>
          <input id="note" />
        </FormDialog>
      )}
    </MemoryRouter>
  );
}

function PlainDialogPage() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Show the PDF
      </button>
      <Dialog visible={open} onHide={() => setOpen(false)} header="The PDF">
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Dialog>
    </>
  );
}

describe('focus returns to what opened a dialog', () => {
  it('a form dialog closed with Cancel gives the focus back to its button', async () => {
    const user = userEvent.setup();
    render(<FormDialogPage />);
    await user.click(screen.getByRole('button', { name: 'Add a note' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Note')));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a note' })));
  });

  it('by keyboard: Escape closes it and the focus is back on the opener', async () => {
    const user = userEvent.setup();
    render(<FormDialogPage />);
    screen.getByRole('button', { name: 'Add a note' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Note')));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByLabelText('Note')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a note' })));
  });

  it('but leaves the focus where the page put it (the new record)', async () => {
    const user = userEvent.setup();
    render(<FormDialogPage focusAfter />);
    await user.click(screen.getByRole('button', { name: 'Add a note' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Note')));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText('Note')).toBeNull());
    expect(document.activeElement).toBe(document.getElementById('new-record'));
  });

  it('a dialog kept mounted (visible toggled) does the same', async () => {
    const user = userEvent.setup();
    render(<PlainDialogPage />);
    await user.click(screen.getByRole('button', { name: 'Show the PDF' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Done' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show the PDF' })));
  });
});
