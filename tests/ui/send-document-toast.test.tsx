import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { toast } from 'sonner';
import type { AuthState } from '../../src/api/admin/auth/contract';
import type { DocumentSend, SendStatus } from '../../src/api/documents/contract';
import { ALL_PERMISSIONS } from '../../src/api/permissions';
import { initI18n } from '../../src/ui/i18n';
import { SendDocumentDialog } from '../../src/ui/send-document-dialog';
import { renderSignedIn, signedInAs } from '../support/signed-in';

/**
 * Sending a document only writes the email and queues it (202): nothing has gone yet. The toast is
 * neutral, says where the email waits (for the mail server, or in the outbox without one) and
 * offers the outbox to a member who may open it; never a green "sent". A send that never reached
 * the server says so in the member's words, and that nothing was saved.
 */
configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const RECORD = '/budget/income/00000000-0000-4000-8000-0000000000d1';
const OWNER = signedInAs('Olivia Owner', 'owner@demo.travel', 'Owner');
const withoutConfigurations: AuthState = {
  ...OWNER,
  role: { ...OWNER.role, permissions: { ...ALL_PERMISSIONS, configurations: [] } },
} as AuthState;

const answer = (status: SendStatus): DocumentSend => ({
  _id: '00000000-0000-4000-8000-0000000000e1',
  recordType: 'income',
  recordId: '00000000-0000-4000-8000-0000000000d1',
  recordLabel: 'RCT-2026-0001',
  document: 'receipt',
  version: null,
  language: 'en',
  to: ['guest@example.com'],
  cc: [],
  subject: 'Your receipt',
  message: 'Thank you',
  status,
  attempts: 0,
  lastError: null,
  serverResponse: null,
  sentBy: null,
  from: { name: 'Demo Travels', address: null },
  attachments: [],
  createdAt: '2026-03-10T10:00:00.000Z',
  sentAt: null,
  failedAt: null,
});

let sendAnswer: () => Promise<Response>;
const posts: string[] = [];
function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST' && url.pathname === `/api${RECORD}/send`) {
        posts.push(url.pathname);
        return sendAnswer();
      }
      if (url.pathname === `/api${RECORD}/sends`) return new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      return new Response(JSON.stringify({ message: 'no', code: 'NOT_FOUND' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

async function sendTo(me: AuthState) {
  const onClose = vi.fn();
  renderSignedIn(
    me,
    <Routes>
      <Route path="/" element={<SendDocumentDialog recordPath={RECORD} document="receipt" label="RCT-2026-0001" onClose={onClose} />} />
      <Route path="/configurations/outbox" element={<p>The outbox page</p>} />
    </Routes>,
  );
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('To'), 'guest@example.com');
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(posts).toHaveLength(1));
  return onClose;
}

describe('what the send dialog says once it has sent', () => {
  beforeAll(() => initI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(toast.info).mockReset();
    vi.mocked(toast.success).mockReset();
    vi.mocked(toast.error).mockReset();
    posts.length = 0;
  });

  it('without a mail server: the email waits in the outbox, neutral, with the way to the outbox', async () => {
    stubServer();
    sendAnswer = async () => new Response(JSON.stringify({ data: answer('outbox') }), { status: 202, headers: { 'Content-Type': 'application/json' } });
    const onClose = await sendTo(OWNER);
    await waitFor(() => expect(toast.info).toHaveBeenCalledTimes(1));
    expect(toast.success).not.toHaveBeenCalled();
    const [text, options] = vi.mocked(toast.info).mock.calls[0]!;
    expect(text).toBe('No mail server is set, so the email was not sent: it waits in the outbox.');
    const action = (options as { action: { label: string; onClick: () => void } }).action;
    expect(action.label).toBe('Open the outbox');
    expect(onClose).toHaveBeenCalled();
    await act(async () => {
      action.onClick();
    });
    expect(await screen.findByText('The outbox page')).toBeTruthy();
  });

  it('with a mail server: the email waits for it, not yet sent', async () => {
    stubServer();
    sendAnswer = async () => new Response(JSON.stringify({ data: answer('queued') }), { status: 202, headers: { 'Content-Type': 'application/json' } });
    await sendTo(OWNER);
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('The email is waiting in the outbox for the mail server to take it.', expect.objectContaining({ action: expect.objectContaining({ label: 'Open the outbox' }) })));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('a member who may not open the outbox is not offered it', async () => {
    stubServer();
    sendAnswer = async () => new Response(JSON.stringify({ data: answer('outbox') }), { status: 202, headers: { 'Content-Type': 'application/json' } });
    await sendTo(withoutConfigurations);
    await waitFor(() => expect(toast.info).toHaveBeenCalledTimes(1));
    expect(vi.mocked(toast.info).mock.calls[0]![1]).toEqual({ action: undefined });
  });

  it('a send that never reached the server says so, and that nothing was saved; the dialog stays', async () => {
    stubServer();
    sendAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    const onClose = await sendTo(OWNER);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Could not reach the server: nothing was saved. Check the connection and try again.'));
    expect(toast.info).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
