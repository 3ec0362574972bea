import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startFakeModel, type FakeModel } from '../support/openai-server';
import type { TestServer } from '../support/server';
import { axe, toast } from '../support/browser';
import { closeE2e, screenshot, signedInAt, signedInHome, startE2e } from '../support/e2e';

/**
 * Issue 16 in Chromium: a sales agent drafts a tour from his lead's query with no model configured
 * (the planner), lands on the draft and reads its days; the same action by keyboard in Arabic and
 * dark mode; the chat says no model is configured; then, with the test model configured, the
 * chat answers a question about hotels in a destination as a stream.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
let model: FakeModel;
const pageErrors: string[] = [];
const lead = { id: '', name: 'E2E Planner Traveller' };

const shot = (name: string) => screenshot(page, name);

describe('generate a tour from a lead’s query (issue 16)', () => {
  beforeAll(async () => {
    model = await startFakeModel();
    ({ server, browser } = await startE2e({ env: { OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' } }));
    const sales = await server.login('sales@demo.travel');
    const [dubai] = await server.sql<{ id: string }>(`select d.id from destinations d join organizations o on o.id = d.organization_id where o.name = 'Demo Travels' and d.name = 'Dubai'`);
    const made = await sales.post('/api/leads', {
      name: lead.name,
      phone: '+971 50 123 4455',
      query: { travelFrom: '2027-06-01', travelTo: '2027-06-05', adults: 2, destinations: [dubai.id], budget: 500_000_00 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    lead.id = made.body.data._id;
    page = await signedInAt(browser, pageErrors, `${server.url}/leads/${lead.id}`, 'sales@demo.travel', { height: 1000, timeout: 15_000 });
    await page.waitForURL(new RegExp(`/leads/${lead.id}$`));
  });

  beforeEach(() => onTestFailed(({ task }) => shot(`99-ai-failed-${task.name.slice(0, 30).replace(/\W+/g, '-')}`).then(() => undefined)));

  afterAll(() => closeE2e({ browser, server }, model));

  it('drafts the tour with the planner and opens it', async () => {
    await page.getByRole('heading', { name: lead.name, level: 1 }).waitFor();
    const tours = page.getByTestId('lead-tours');
    await tours.getByRole('button', { name: 'Generate tour' }).click();
    await toast(page, 'Drafted by the planner (no model configured).');
    await page.waitForURL(/\/customized-tours\/[0-9a-f-]{36}$/);
    const [row] = await server.sql<{ id: string; status: string; total_nights: number }>('select id, status, total_nights from customized_tours where lead_id = $1', [lead.id]);
    expect(row).toMatchObject({ status: 'draft', total_nights: 4 });
    expect(page.url()).toContain(row.id);
    await page.getByRole('heading', { name: `${lead.name}: Dubai`, level: 1 }).waitFor();
    await page.getByTestId('customer-view').waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('160-ai-generated-tour');
  });

  it('generates again by keyboard, in Arabic and dark mode', async () => {
    await page.goto(`${server.url}/leads/${lead.id}`);
    await page.getByRole('heading', { name: lead.name, level: 1 }).waitFor();
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('app-dark'))).toBe(true);
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const button = page.getByTestId('lead-tours').getByRole('button', { name: 'إنشاء جولة' });
    await button.focus();
    expect(await axe(page)).toEqual([]);
    await shot('161-ai-lead-dark-rtl');
    await page.keyboard.press('Enter');
    await toast(page, 'أنشأ المخطِّط هذه المسودة (لا يوجد نموذج مُعدّ).');
    await page.waitForURL(/\/customized-tours\/[0-9a-f-]{36}$/);
    expect((await server.sql<{ n: number }>('select count(*)::int as n from customized_tours where lead_id = $1', [lead.id]))[0].n).toBe(2);
    expect(pageErrors).toEqual([]);
  });

  it('chats about the lead: no model at first, then the test model’s streamed answer with a catalogue search', async () => {
    await page.goto(`${server.url}/leads/${lead.id}`);
    await page.getByTestId('language-picker').selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    const chat = page.getByTestId('lead-ai-chat-slot');
    await chat.getByTestId('ai-no-model').getByText('No model is configured').waitFor();
    await chat.getByRole('button', { name: 'Generate tour' }).waitFor();

    const owner = await server.login('owner@demo.travel');
    expect((await owner.put('/api/configurations/ai', { baseUrl: model.baseUrl, model: 'test-model' })).status).toBe(200);
    model.script({ toolCalls: [{ name: 'search_hotels', arguments: { destination: 'Dubai' } }] }, { content: 'In Dubai the catalogue has several hotels; the highest rated come first.' });
    await page.reload();
    const input = chat.getByLabel('Ask about this lead');
    await input.fill('Which hotels do we have in Dubai?');
    await input.press('Control+Enter');
    const conversation = chat.getByTestId('ai-conversation');
    await conversation.getByText('In Dubai the catalogue has several hotels; the highest rated come first.').waitFor();
    await conversation.getByText('Searched hotels').waitFor();
    await conversation.locator('[data-role="user"]').getByText('Which hotels do we have in Dubai?').waitFor();
    // Stored: after a reload the conversation is still there.
    await page.reload();
    await chat.getByTestId('ai-conversation').getByText('the highest rated come first').waitFor();
    const prompt = JSON.stringify(model.requests[0].body.messages);
    expect(prompt).toContain(lead.name);
    expect(await axe(page)).toEqual([]);
    await shot('162-ai-chat');
    expect(pageErrors).toEqual([]);
  });

  it('shows the model and this month’s usage in Configurations → AI model, the key write-only', async () => {
    const ownerPage = await signedInHome(browser, pageErrors, server.url, 'owner@demo.travel', { height: 1000, timeout: 15_000 });
    await ownerPage.goto(`${server.url}/configurations`);
    await ownerPage.getByRole('tab', { name: 'AI model' }).click();
    const usage = ownerPage.getByTestId('ai-usage');
    await usage.getByText('Model: test-model (this organization’s settings).').waitFor();
    await usage.getByText(/^2\d{3}-\d\d: [\d,]+ tokens \([\d,]+ sent, [\d,]+ answered\), in 1 request\. No monthly limit\.$/).waitFor();
    await ownerPage.getByText('No API key stored (a local model may need none).').waitFor();
    expect(await ownerPage.getByLabel('Model', { exact: true }).inputValue()).toBe('test-model');
    expect(await axe(ownerPage)).toEqual([]);
    await screenshot(ownerPage, '163-ai-settings');
    await ownerPage.close();
    expect(pageErrors).toEqual([]);
  });
});
