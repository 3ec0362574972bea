import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FollowUp, LeadDetail } from '../../src/api/leads/contract';
import { FollowUpResponseDialog, ScheduleFollowUpDialog } from '../../src/features/leads/lead-follow-ups';
import { configureApiClient } from '../../src/api/client';
import { changeLanguage, currentLanguage, initI18n, moneyInLanguage, translateApi } from '../../src/ui/i18n';
import { renderSignedIn, signedInAs } from '../support/signed-in';

/**
 * A follow-up time already past is refused under its field, in the member's language, before
 * anything is sent (the server refuses it too, 400 `inPast`): answering a follow-up with a next
 * one, and scheduling one. The toast "nextFollowUp.dueAt must not be in the past" never comes.
 */
configure({ asyncUtilTimeout: 5000 });
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const ME = signedInAs('Sara Sales', 'sales@demo.travel', 'Sales');
const LEAD_ID = '00000000-0000-4000-8000-000000000001';
const followUp: FollowUp = { _id: '00000000-0000-4000-8000-000000000002', dueAt: '2026-05-02T06:00:00.000Z', note: 'Call about the dates', assignee: null, response: null, createdBy: null, createdAt: '2026-05-01T08:00:00.000Z' };
const lead = {
  _id: LEAD_ID,
  name: 'Mira Haddad',
  phone: '+971 50 123 4567',
  email: null,
  status: 'contacted',
  followUp: followUp.dueAt,
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
  followUps: [followUp],
  activity: [],
} as unknown as LeadDetail;

const posts: { path: string; body: Record<string, unknown> }[] = [];
function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') {
        posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ data: lead }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      return new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

async function answerWithNext(labels: { outcome: string; reached: string; next: string; when: string; save: string }, when: string) {
  const user = userEvent.setup();
  renderSignedIn(ME, <FollowUpResponseDialog lead={lead} followUp={followUp} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByLabelText(labels.outcome).closest('.p-dropdown')!);
  const panel = await waitFor(() => document.querySelector<HTMLElement>('.p-dropdown-panel')!);
  await user.click(await within(panel).findByText(labels.reached));
  await user.click(within(dialog).getByLabelText(labels.next));
  fireEvent.change(within(dialog).getByLabelText(labels.when), { target: { value: when } });
  await user.click(within(dialog).getByRole('button', { name: labels.save }));
  return dialog;
}

const EN = { outcome: 'Outcome', reached: 'Reached', next: 'Schedule the next follow-up', when: 'When', save: 'Save response' };

describe('a follow-up time already past, refused before sending', () => {
  beforeAll(async () => {
    await initI18n('en');
    // As the app's start does (src/main.tsx): the client's words in the member's language.
    configureApiClient({ translate: translateApi, language: currentLanguage, money: moneyInLanguage, onUnauthorized: vi.fn() });
  });
  afterAll(() => changeLanguage('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    posts.length = 0;
  });

  it('answering a follow-up: the next one’s time in the past is refused under its field, nothing sent', async () => {
    stubServer();
    const dialog = await answerWithNext(EN, '2020-01-06T10:00');
    expect(await within(dialog).findByText('When must not be in the past')).toBeTruthy();
    expect(posts).toEqual([]);
    // A time to come goes, with the answer.
    fireEvent.change(within(dialog).getByLabelText('When'), { target: { value: '2099-01-06T10:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save response' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ path: `/api/leads/${LEAD_ID}/followup/response`, body: { outcome: 'reached', nextFollowUp: { dueAt: '2099-01-06T06:00:00.000Z' } } });
  });

  it('in Arabic, in Arabic', async () => {
    await changeLanguage('ae');
    try {
      stubServer();
      const dialog = await answerWithNext({ outcome: 'النتيجة', reached: 'تم التواصل معه', next: 'جدولة المتابعة التالية', when: 'الموعد', save: 'حفظ الرد' }, '2020-01-06T10:00');
      expect(await within(dialog).findByText('الموعد يجب ألا يكون في الماضي')).toBeTruthy();
      expect(posts).toEqual([]);
    } finally {
      await changeLanguage('en');
    }
  });

  it('scheduling a follow-up: a time in the past is refused under its field, nothing sent', async () => {
    stubServer();
    const user = userEvent.setup();
    renderSignedIn(ME, <ScheduleFollowUpDialog lead={lead} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('When'), { target: { value: '2020-01-06T10:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('When must not be in the past')).toBeTruthy();
    expect(posts).toEqual([]);
  });
});
