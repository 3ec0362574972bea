import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, signedInAt, startE2e } from '../support/e2e';
import { axe, bodyBackground, choose as chooseOn, luminance, pick as pickOn, toast as toastOn } from '../support/browser';

/**
 * A sales agent's morning in Chromium (issue 7): today's follow-ups, a response with the next
 * follow-up, the pipeline (qualify; lost needs a reason), the list's filters in the address, dark
 * mode and right-to-left; contacts and a contact group. The leads are created through the API.
 */

const LEAD = 'E2E Layla Mansour';
const OTHER = 'E2E Omar Haddad';

let server: TestServer;
let browser: Browser;
let page: Page;
let leadId: string;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, name);
const toast = (text: string | RegExp) => toastOn(page, text);
const events = (scope: Locator) => scope.locator('[data-event]').evaluateAll((b) => b.map((x) => x.getAttribute('data-event')));
const leadRow = (name: string) => page.getByTestId('leads-table').locator('tr', { has: page.getByRole('link', { name, exact: true }) });

const choose = (field: Locator, option: string) => chooseOn(page, field, option);
const pick = (field: Locator, options: string[]) => pickOn(page, field, options);

const dbLead = async (id: string) =>
  (await server.sql<{ status: string; lost_reason: string | null }>(`select status, lost_reason from leads where id = $1`, [id]))[0]!;

describe('leads in Chromium: a sales agent’s day (issue 7)', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());

    // The data of this test, through the API as the sales agent (who then owns the leads).
    const sales = await server.login('sales@demo.travel');
    const soon = new Date(Date.now() + 10 * 60_000).toISOString();
    const created = await sales.post('/api/leads', { name: LEAD, phone: '+971 50 555 0101', email: 'layla@e2e.example', source: 'phone', comment: 'Honeymoon, asked about Bali', followUp: soon });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    leadId = created.body.data._id;
    const other = await sales.post('/api/leads', { name: OTHER, phone: '+971 50 555 0202', source: 'walk-in' });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    // The call was due an hour ago and nobody called: the API refuses a time in the past, so time is moved on here.
    await server.sql(`update follow_ups set due_at = now() - interval '1 hour' where lead_id = $1`, [leadId]);
    await server.sql(`update leads set next_follow_up_at = now() - interval '1 hour' where id = $1`, [leadId]);

    page = await signedInAt(browser, pageErrors, `${server.url}/`, 'sales@demo.travel');
    await page.getByRole('heading', { name: 'My day', level: 1 }).waitFor();
  });

  afterAll(() => closeE2e({ browser, server }));

  it("opens today's follow-ups from the menu: the missed call is there", async () => {
    await page.locator('[data-testid=nav-menu] a[data-module=leads]').click();
    await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    await page.getByTestId('leads-table').waitFor();
    await page.getByTestId('todays-follow-ups-link').click();
    await page.getByRole('heading', { name: 'Today’s follow-ups', level: 1 }).waitFor();
    await page.waitForURL((u) => u.searchParams.get('followups[enabled]') === 'true' && u.searchParams.get('followups[type]') === 'todayAndMissed');
    const row = leadRow(LEAD);
    await row.waitFor();
    await row.getByText('Missed').waitFor();
    // The lead without a follow-up is not in this view.
    expect(await leadRow(OTHER).count()).toBe(0);
    // The counts by status are those of the view.
    await expect.poll(() => page.getByTestId('lead-stats').locator('[data-stat=total] .stat__value').innerText()).not.toBe('…');
    expect(await axe(page)).toEqual([]);
    await shot('40-leads-todays-follow-ups');
  });

  it('records a response with the next follow-up: the lead leaves today’s list and is contacted', async () => {
    await leadRow(LEAD).getByRole('button', { name: `Respond: ${LEAD}` }).click();
    const dialog = page.getByRole('dialog', { name: `Follow-up with ${LEAD}` });
    await dialog.waitFor();
    await choose(dialog.locator('.field', { hasText: 'Outcome' }), 'Reached');
    await dialog.getByLabel('What was said').fill('Wants Bali in March, two adults, budget around 6,000');
    await dialog.locator('.field', { hasText: 'Schedule the next follow-up' }).locator('.p-inputswitch').click();
    const next = dialog.getByLabel('When');
    await next.waitFor();
    // Prefilled with tomorrow 10:00 on the organization's clocks; the agent picks 11:30.
    const prefilled = await next.inputValue();
    expect(prefilled).toMatch(/^\d{4}-\d{2}-\d{2}T10:00$/);
    await next.fill(`${prefilled.slice(0, 10)}T11:30`);
    await dialog.getByLabel('Note').fill('Send the Bali options');
    expect(await axe(page)).toEqual([]);
    await shot('41-lead-follow-up-response');
    await dialog.getByRole('button', { name: 'Save response' }).click();
    await toast('Response recorded');
    await dialog.waitFor({ state: 'detached' });

    // Due tomorrow now: not in today's (and missed) follow-ups any more.
    await expect.poll(() => leadRow(LEAD).count()).toBe(0);
    const followUps = await server.sql<{ outcome: string | null; response_note: string | null; note: string | null; due_local: string }>(
      `select outcome, response_note, note, to_char(due_at at time zone 'Asia/Dubai', 'HH24:MI') as due_local from follow_ups where lead_id = $1 order by due_at`,
      [leadId],
    );
    expect(followUps).toEqual([
      { outcome: 'reached', response_note: 'Wants Bali in March, two adults, budget around 6,000', note: null, due_local: expect.any(String) },
      { outcome: null, response_note: null, note: 'Send the Bali options', due_local: '11:30' },
    ]);
    // Reaching the customer is contacting them.
    expect((await dbLead(leadId)).status).toBe('contacted');

    // The upcoming view has it.
    await page.getByTestId('follow-up-type').getByText('Upcoming').click();
    await page.waitForURL((u) => u.searchParams.get('followups[type]') === 'upcoming');
    await page.getByRole('heading', { name: 'Upcoming follow-ups', level: 1 }).waitFor();
    // The demo agent has many upcoming calls: search within the view.
    await page.getByRole('searchbox', { name: 'Search' }).fill(LEAD);
    await page.waitForURL((u) => u.searchParams.get('search') === LEAD && u.searchParams.get('followups[type]') === 'upcoming');
    await leadRow(LEAD).getByText('Missed').waitFor({ state: 'detached' });
    expect(await leadRow(LEAD).innerText()).toContain('11:30');
  });

  it('moves the lead to qualified on its page', async () => {
    await leadRow(LEAD).getByRole('link', { name: LEAD }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/leads/${leadId}`);
    const panel = page.getByTestId('workflow-panel');
    await panel.waitFor();
    expect(await panel.getAttribute('data-state')).toBe('contacted');
    // Won is never a button (only a booking wins a lead).
    expect(await events(panel)).toEqual(['QUALIFY', 'LOSE']);
    // The follow-up history: the answered call and the next one.
    const followUps = page.getByTestId('lead-follow-ups');
    await followUps.getByTestId('follow-up-response').getByText('Reached').waitFor();
    await followUps.getByText('Send the Bali options').waitFor();
    await page.getByTestId('lead-ai-chat-slot').waitFor();

    await panel.getByRole('button', { name: 'Qualify' }).click();
    await toast('The lead is now Qualified');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('qualified');
    expect(await events(panel)).toEqual(['QUOTE', 'LOSE']);
    expect((await dbLead(leadId)).status).toBe('qualified');

    // The trip enquiry, in the organization's money (AED, minor units in the API), with a comment.
    await page.getByTestId('lead-queries').getByRole('button', { name: 'Add query' }).click();
    const form = page.getByRole('dialog', { name: 'Add query' });
    await form.getByLabel('Travel from').fill('2027-03-10');
    await form.getByLabel('Travel to').fill('2027-03-03');
    await form.getByLabel('Adults').fill('2');
    await form.getByLabel('Budget').pressSequentially('6000.5');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Travel to must not be before the first travel day').waitFor();
    await form.getByLabel('Travel to').fill('2027-03-17');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast('Query added');
    await form.waitFor({ state: 'detached' });
    const query = page.getByTestId('lead-queries').locator('article').first();
    await query.getByText('2 adults').waitFor();
    await query.getByLabel('New comment').fill('Prefers a villa in Ubud');
    await query.getByRole('button', { name: 'Add comment' }).click();
    await toast('Comment added');
    await query.getByTestId('query-comments').getByText('Prefers a villa in Ubud').waitFor();
    expect(await query.getByLabel('New comment').inputValue()).toBe('');
    const [q] = await server.sql<{ travel_from: string; travel_to: string; adults: number; budget: string }>(
      `select to_char(travel_from, 'YYYY-MM-DD') as travel_from, to_char(travel_to, 'YYYY-MM-DD') as travel_to, adults, budget::text from lead_queries where lead_id = $1`,
      [leadId],
    );
    expect(q).toEqual({ travel_from: '2027-03-10', travel_to: '2027-03-17', adults: 2, budget: '600050' });
    await page.getByTestId('lead-activity').getByText('Samir Sales commented on a query').waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('42-lead-detail-qualified');
  });

  it('cannot mark it lost without a reason (the message says so), then marks it lost with one', async () => {
    const panel = page.getByTestId('workflow-panel');
    await panel.getByRole('button', { name: 'Mark lost' }).click();
    const dialog = page.getByRole('dialog', { name: `Mark ${LEAD} as lost` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Mark lost' }).click();
    await dialog.getByText('Reason is required to mark a lead lost').waitFor();
    expect(await dialog.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(await axe(page)).toEqual([]);
    await shot('43-lead-lost-needs-reason');
    expect((await dbLead(leadId)).status).toBe('qualified');

    await dialog.getByLabel('Reason').fill('Booked with a cheaper operator');
    await dialog.getByRole('button', { name: 'Mark lost' }).click();
    await toast('The lead is now Lost');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => panel.getAttribute('data-state')).toBe('lost');
    expect(await events(panel)).toEqual(['REOPEN']);
    await page.getByTestId('lost-reason').getByText('Booked with a cheaper operator').waitFor();
    expect(await dbLead(leadId)).toEqual({ status: 'lost', lost_reason: 'Booked with a cheaper operator' });

    // The timeline says who did what, newest first.
    const activity = page.getByTestId('lead-activity');
    await activity.getByText('Samir Sales moved the lead from Qualified to Lost').waitFor();
    await activity.getByText('Reason: Booked with a cheaper operator').waitFor();
    await activity.getByText('Samir Sales recorded a follow-up response: Reached').waitFor();
    expect(await activity.locator('[data-activity]').first().getAttribute('data-activity')).toBe('status');
    await shot('44-lead-detail-lost');
  });

  it('a refused change (someone else moved the lead) shows the server’s message and the real state', async () => {
    await server.sql(`update leads set status = 'quoted' where id = $1`, [leadId]);
    const panel = page.getByTestId('workflow-panel');
    await panel.getByRole('button', { name: 'Reopen' }).click();
    await toast('Only a lost or won lead can be reopened; this one is quoted');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('quoted');
    expect(await events(panel)).toEqual(['LOSE']);
  });

  it('the list’s filters live in the address and survive a reload', async () => {
    await page.getByRole('link', { name: 'Back to leads' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/leads');
    await page.getByRole('button', { name: 'Filters' }).click();
    await pick(page.locator('#leads-filters .field', { hasText: 'Source' }), ['Walk-in']);
    await page.waitForURL((u) => u.searchParams.getAll('source').join() === 'walk-in');
    await page.getByRole('searchbox', { name: 'Search' }).fill('E2E');
    await page.waitForURL((u) => u.searchParams.get('search') === 'E2E');
    await leadRow(OTHER).waitFor();
    await expect.poll(() => leadRow(LEAD).count()).toBe(0);
    const address = page.url();

    await page.reload();
    await page.getByTestId('leads-table').waitFor();
    expect(page.url()).toBe(address);
    await leadRow(OTHER).waitFor();
    expect(await leadRow(LEAD).count()).toBe(0);
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('E2E');
    // The counts follow the filters.
    await expect.poll(() => page.getByTestId('lead-stats').locator('[data-stat=total] .stat__value').innerText()).toBe('1');
  });

  it('the leads list in dark mode and right-to-left', async () => {
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(0.05);
    // The table itself turns dark, not only the page behind it.
    const cellBg = await page.getByTestId('leads-table').locator('tbody td').first().evaluate((td) => {
      let el: Element | null = td;
      while (el && ['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(el).backgroundColor)) el = el.parentElement;
      return el ? getComputedStyle(el).backgroundColor : '';
    });
    expect(luminance(cellBg)).toBeLessThan(0.1);
    expect(await axe(page)).toEqual([]);
    await shot('45-leads-dark');

    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await leadRow(OTHER).locator('[data-status=new]').getByText('جديد').waitFor();
    // Right-to-left: the menu on the right, the table's first column on the right of the last.
    const nav = await page.locator('nav.sidebar').boundingBox();
    expect(nav!.x).toBeGreaterThan(600);
    const cells = leadRow(OTHER).locator('td');
    const first = await cells.first().boundingBox();
    const last = await cells.last().boundingBox();
    expect(first!.x).toBeGreaterThan(last!.x);
    expect(await axe(page)).toEqual([]);
    await shot('46-leads-dark-arabic');

    await page.getByTestId('language-picker').selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeGreaterThan(0.8);
  });

  it('the lead’s page by keyboard, in dark mode and right-to-left', async () => {
    const [other] = await server.sql<{ id: string }>(`select id from leads where name = $1`, [OTHER]);
    await page.goto(`${server.url}/leads/${other!.id}`);
    await page.getByRole('heading', { name: OTHER, level: 1 }).waitFor();
    const panel = page.getByTestId('workflow-panel');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('new');

    // Tab reaches the pipeline's first action (with a visible focus ring); Enter sends it.
    let focused: string | null = null;
    for (let i = 0; i < 80 && focused !== 'CONTACT'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('data-event') ?? null);
    }
    expect(focused).toBe('CONTACT');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return `${style.outlineStyle} ${style.boxShadow}`;
    });
    expect(ring).not.toBe('none none');
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('contacted');
    expect((await dbLead(other!.id)).status).toBe('contacted');

    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(0.05);
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const nav = await page.locator('nav.sidebar').boundingBox();
    expect(nav!.x).toBeGreaterThan(600);
    await page.getByTestId('lead-follow-ups').waitFor();
    await page.getByTestId('lead-activity').waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('49-lead-detail-dark-arabic');

    await page.getByTestId('language-picker').selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeGreaterThan(0.8);
    await page.goto(`${server.url}/leads`);
    await page.getByTestId('leads-table').waitFor();
  });

  it('creates a lead with a region and a first follow-up through the dialog, and imports a file with a duplicate', async () => {
    await page.getByRole('button', { name: 'New lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'New lead' });
    await dialog.getByLabel('Name').fill('E2E Nadia Karam');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Phone is required when there is no email').waitFor();
    await dialog.getByLabel('Phone').fill('+971 50 555 0303');
    await choose(dialog.locator('.field', { hasText: 'Source' }), 'Referral');
    // The region picker searches the server.
    await dialog.locator('.field', { hasText: 'Regions' }).locator('.p-multiselect').click();
    const panel = page.locator('.p-multiselect-panel');
    await panel.getByRole('option').first().waitFor();
    const region = (await panel.getByRole('option').first().innerText()).split('\n')[0]!.trim();
    await panel.getByRole('option').first().click();
    await panel.locator('.p-multiselect-close').click();
    await panel.waitFor({ state: 'detached' });
    const first = dialog.getByLabel('First follow-up');
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    await first.fill(`${tomorrow}T09:15`);
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Lead created');
    await page.waitForURL(/\/leads\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'E2E Nadia Karam', level: 1 }).waitFor();
    await page.getByTestId('lead-contact').getByText(region).waitFor();
    await page.getByTestId('lead-follow-ups').locator('[data-open=true]').getByText('9:15 AM').waitFor();
    const [row] = await server.sql<{ source: string; assigned: string; due_local: string }>(
      `select l.source, m.email as assigned, to_char(f.due_at at time zone 'Asia/Dubai', 'YYYY-MM-DD"T"HH24:MI') as due_local
       from leads l join members m on m.id = l.assigned_to join follow_ups f on f.lead_id = l.id where l.name = 'E2E Nadia Karam'`,
    );
    expect(row).toEqual({ source: 'referral', assigned: 'sales@demo.travel', due_local: `${tomorrow}T09:15` });

    await page.getByRole('link', { name: 'Back to leads' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/leads');
    await page.getByRole('button', { name: 'Import leads' }).click();
    const importer = page.getByRole('dialog', { name: 'Import leads' });
    const csv = ['Name,Phone,Email,Source,Comment', 'E2E Import Yara,+971 50 555 0404,yara@e2e.example,website,From the fair', 'E2E Import Twin,+971 50 555 0303,,phone,Same phone as Nadia'].join('\n');
    await importer.getByLabel('Choose a CSV or JSON file').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importer.getByTestId('import-preview').click();
    await importer.getByTestId('import-preview-summary').waitFor();
    await importer.getByTestId('import-start').click();
    const report = importer.getByTestId('import-report');
    await report.waitFor();
    await toast('Leads imported');
    expect(await report.getByTestId('import-summary').innerText()).toBe('2 rows: 1 created, 0 updated, 1 skipped, 0 rejected');
    expect(await report.locator('tbody tr').first().innerText()).toMatch(/2\s+Skipped\s+E2E Import Twin[\s\S]*Already exists \(same Phone\): an import never changes it/);
    await importer.getByRole('button', { name: 'Close' }).last().click();
    await importer.waitFor({ state: 'detached' });
    const names = (await server.sql<{ name: string }>(`select name from leads where name like 'E2E Import%' order by name`)).map((r) => r.name);
    expect(names).toEqual(['E2E Import Yara']);
  });

  it('contacts: the lead’s person is a contact; a contact group is created with them and renamed', async () => {
    await page.locator('[data-testid=nav-menu] a[data-module=contacts]').click();
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Layla Mansour');
    await page.waitForURL((u) => u.searchParams.get('search') === 'Layla Mansour');
    const row = page.getByTestId('contacts-table').locator('tr', { hasText: 'layla@e2e.example' });
    await row.waitFor();

    await page.getByRole('link', { name: 'Contact groups' }).click();
    await page.getByRole('heading', { name: 'Contact groups', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New contact group' }).first().click(); // an empty list offers it again
    const dialog = page.getByRole('dialog', { name: 'New contact group' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill('E2E Honeymooners');
    await dialog.getByRole('searchbox', { name: 'Search contacts' }).fill('Layla');
    const chooser = dialog.getByTestId('contact-chooser');
    await expect.poll(() => chooser.locator('tbody tr').count()).toBe(1);
    await chooser.getByRole('checkbox', { name: `Put ${LEAD} in the group` }).check();
    await expect.poll(() => dialog.getByTestId('chosen-count').innerText()).toBe('1 chosen');
    expect(await axe(page)).toEqual([]);
    await shot('47-contact-group-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Contact group created');
    await dialog.waitFor({ state: 'detached' });
    const groupRow = page.getByTestId('contact-groups-table').locator('tr', { hasText: 'E2E Honeymooners' });
    await groupRow.waitFor();
    expect(await groupRow.innerText()).toContain('1');

    await groupRow.getByRole('button', { name: 'Edit E2E Honeymooners' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit contact group' });
    await expect.poll(() => edit.getByTestId('chosen-count').innerText()).toBe('1 chosen');
    await edit.getByLabel('Name').fill('E2E Honeymooners 2026');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast('Contact group updated');
    const [group] = await server.sql<{ name: string; members: number }>(
      `select g.name, (select count(*)::int from contact_group_members m where m.group_id = g.id) as members from contact_groups g where g.name like 'E2E Honeymooners%'`,
    );
    expect(group).toEqual({ name: 'E2E Honeymooners 2026', members: 1 });

    // The group's contacts, from the groups list.
    await page.getByTestId('contact-groups-table').locator('tr', { hasText: 'E2E Honeymooners 2026' }).getByRole('link', { name: /Show the contacts/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('group')).toBe(true);
    await page.getByTestId('contacts-table').locator('tr', { hasText: 'layla@e2e.example' }).waitFor();
    expect(await page.getByTestId('contacts-table').locator('tbody tr').count()).toBe(1);
  });

  it('the owner hands a lead to another sales member: only active sales members are offered', async () => {
    // A second sales agent, and an operations member who must not be offered.
    const owner = await server.login('owner@demo.travel');
    const [role] = await server.sql<{ id: string }>(`select r.id from roles r join organizations o on o.id = r.organization_id where o.name = 'Demo Travels' and r.name = 'Sales agent'`);
    const hired = await owner.post('/api/members', { name: 'E2E Sana Sales', email: 'sana@e2e.example', department: 'sales', roleId: role!.id, password: 'e2e-password-123' });
    expect(hired.status, JSON.stringify(hired.body)).toBe(201);
    const [other] = await server.sql<{ id: string }>(`select id from leads where name = $1`, [OTHER]);

    const p = await signedInAt(browser, pageErrors, `${server.url}/leads/${other!.id}`, 'owner@demo.travel');
    await p.getByRole('heading', { name: OTHER, level: 1 }).waitFor();
    const card = p.getByTestId('lead-owner');
    expect(await card.getByTestId('lead-owner-name').innerText()).toBe('Samir Sales');
    await card.locator('.p-dropdown').click();
    const panel = p.locator('.p-dropdown-panel');
    await panel.getByRole('option').first().waitFor();
    const offered = await panel.getByRole('option').allInnerTexts();
    const sales = await server.sql<{ name: string }>(
      `select m.name from members m join organizations o on o.id = m.organization_id
       where o.name = 'Demo Travels' and m.department = 'sales' and m.employment_status = 'active' and m.is_active order by m.name`,
    );
    expect(offered).toEqual(sales.map((m) => m.name));
    expect(offered).toContain('E2E Sana Sales');
    expect(offered).not.toContain('Oskar Ops');
    await panel.getByRole('option', { name: 'E2E Sana Sales' }).click();
    await card.getByRole('button', { name: 'Save' }).click();
    await p.locator('[data-sonner-toast]').filter({ hasText: 'The lead now belongs to E2E Sana Sales' }).first().waitFor();
    await expect.poll(() => card.getByTestId('lead-owner-name').innerText()).toBe('E2E Sana Sales');
    await p.getByTestId('lead-activity').getByText('Olivia Owner handed the lead from Samir Sales to E2E Sana Sales').waitFor();
    const [row] = await server.sql<{ email: string }>(`select m.email from leads l join members m on m.id = l.assigned_to where l.id = $1`, [other!.id]);
    expect(row!.email).toBe('sana@e2e.example');
    expect(await axe(p)).toEqual([]);
    await screenshot(p, '48-lead-owner-changed');
    await p.context().close();
    expect(pageErrors).toEqual([]);
  });
});
