import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { EMPLOYMENT_STATUSES } from '../../src/api/admin/members/contract';
import { CONFIG_MODULES } from '../../src/api/admin/configurations/contract';
import { ACTIVITY_CATEGORIES } from '../../src/api/catalogue/activities/contract';
import { FOLLOW_UP_OUTCOMES, FOLLOW_UP_TYPES, LEAD_SOURCES } from '../../src/api/leads/contract';
import { MODULE_KEYS } from '../../src/api/permissions';
import { VENDOR_SERVICES } from '../../src/api/vendors/contract';
import { CHART_OF_ACCOUNTS, PAYMENT_METHODS, SOURCE_TYPES } from '../../src/api/finance/contract';
import { GROUP_TOUR_STATUSES } from '../../src/api/tours/group/contract';
import { LINE_KINDS, LINE_UNITS } from '../../src/api/tours/tour-plan';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, signedInHome, startE2e } from '../support/e2e';
import { axe } from '../support/browser';

/**
 * The start page and the lists' headers as staff use them (issue 21): "My day" per role, its
 * records and notifications opening what they are about, tiles that filter, empty lists that say
 * the right thing, a horizontal menu whose overflow is under "More", and no coded value on screen.
 */

let server: TestServer;
let browser: Browser;
const pageErrors: string[] = [];
const ids: Record<string, string> = {};

/** Codes a person must never read: every coded value that is not an ordinary word. */
const CODES = [
  ...LEAD_SOURCES,
  ...FOLLOW_UP_OUTCOMES,
  ...FOLLOW_UP_TYPES,
  ...VENDOR_SERVICES,
  ...ACTIVITY_CATEGORIES,
  ...EMPLOYMENT_STATUSES,
  ...CONFIG_MODULES,
  ...MODULE_KEYS,
  ...PAYMENT_METHODS,
  ...SOURCE_TYPES,
  ...CHART_OF_ACCOUNTS.map((a) => a.key),
  ...GROUP_TOUR_STATUSES,
  ...LINE_KINDS,
  ...LINE_UNITS,
].filter((c) => /[-:A-Z]/.test(c));
const codesOn = (p: Page) =>
  p.evaluate((codes) => {
    const text = document.body.innerText;
    return codes.filter((c) => new RegExp(`(^|[^\\w-])${c}([^\\w-]|$)`).test(text));
  }, CODES);

async function signedIn(email: string, now?: string) {
  const page = await signedInHome(browser, pageErrors, server.url, email, { timeout: 20_000, now });
  await page.getByTestId('my-day').and(page.locator('[aria-busy=false]')).waitFor();
  return page;
}
const shot = (p: Page, name: string) => screenshot(p, name);
const card = (p: Page, key: string) => p.getByTestId('my-day').locator(`[data-card=${key}]`);

describe('My day, tiles, empty lists and the menu', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    const [sales] = await server.sql<{ id: string }>(`select id from members where email = 'sales@demo.travel'`);
    ids.sales = sales!.id;
  });

  afterAll(() => closeE2e({ browser, server }));

  it('a sales agent’s day: follow-ups due and missed, new leads, leads waiting; each opens its lead, "see all" opens the list', async () => {
    // The demo's follow-ups "due later today" were seeded for the template's day, at least a quarter
    // of an hour after it was seeded: by the time this file runs (any hour, any distance from the
    // seeding) they may have fallen due. The server's and the page's clocks stand a minute before
    // the agent's first follow-up due after the seeding, so his day is the seed's whatever the hour.
    const [{ at }] = await server.sql<{ at: string }>(
      `select (min(f.due_at) - interval '1 minute')::text as at from follow_ups f join organizations o on o.id = f.organization_id
       where f.assignee_id = $1 and f.responded_at is null and f.due_at > o.created_at`,
      [ids.sales],
    );
    const now = new Date(at).toISOString();
    server.clock.set(now);
    try {
      await salesDay(now);
    } finally {
      server.clock.set(undefined);
    }
  });

  async function salesDay(now: string) {
    const page = await signedIn('sales@demo.travel', now);
    const due = card(page, 'followUps');
    await due.waitFor();
    for (const key of ['newLeads', 'waitingLeads']) await card(page, key).waitFor();
    expect(await card(page, 'leadsToAssign').count()).toBe(0);
    // Due today and missed apart (issue 27), each counting its leads by their earliest open follow-up of his.
    const count = async (window: string) =>
      (
        await server.sql<{ n: number }>(
          `select count(*)::int as n from leads l join organizations o on o.id = l.organization_id
           cross join lateral (select min(f.due_at) as due from follow_ups f where f.lead_id = l.id and f.responded_at is null and f.assignee_id = $1) e
           where l.assigned_to = $1 and l.status in ('new', 'contacted', 'qualified', 'quoted') and ${window}`,
          [ids.sales, now],
        )
      )[0].n;
    expect(Number(await due.getAttribute('data-total'))).toBe(await count(`e.due >= $2::timestamptz and e.due < (date_trunc('day', $2::timestamptz at time zone o.time_zone) + interval '1 day') at time zone o.time_zone`));
    expect(Number(await due.getAttribute('data-total'))).toBeGreaterThan(0);
    const missed = card(page, 'missedFollowUps');
    expect(Number(await missed.getAttribute('data-total'))).toBe(await count('e.due < $2::timestamptz'));
    await missed.getByText('Missed').first().waitFor();
    expect(await due.getByText('Missed').count()).toBe(0);
    expect(await axe(page)).toEqual([]);
    expect(await codesOn(page)).toEqual([]);
    await shot(page, 'day-01-sales');

    const first = due.getByRole('listitem').first().getByRole('link');
    const name = await first.innerText();
    await first.click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.goBack();
    // "See all" lists what the card counts.
    const missedTotal = Number(await missed.getAttribute('data-total'));
    await missed.getByRole('link', { name: 'See all: Missed follow-ups' }).click();
    await page.waitForURL((u) => u.pathname === '/leads' && u.searchParams.get('followups[type]') === 'missed' && u.searchParams.get('followups[assignee]') === ids.sales);
    await page.getByRole('heading', { name: 'Missed follow-ups', level: 1 }).waitFor();
    await page.getByText(new RegExp(`^${missedTotal} records?$`)).waitFor();
    await page.goBack();
    await card(page, 'newLeads').getByRole('link', { name: 'See all: New leads for you' }).click();
    await page.waitForURL((u) => u.pathname === '/leads' && u.searchParams.get('status') === 'new' && u.searchParams.get('assignedTo') === ids.sales);
    await expect.poll(() => page.getByTestId('lead-stats').locator('[data-stat=new]').getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  }

  it('a notification opens the record it is about and counts as read', async () => {
    const owner = await server.login('owner@demo.travel');
    const [lead] = await server.sql<{ id: string; name: string }>(`select id, name from leads where assigned_to = (select id from members where email = 'lina@demo.travel') and status = 'new' limit 1`);
    expect((await owner.put(`/api/leads/${lead!.id}/owner`, { assignedTo: ids.sales })).status).toBe(200);
    const page = await signedIn('sales@demo.travel');
    const link = card(page, 'notifications').getByRole('link', { name: `Lead assigned to you: ${lead!.name}` });
    await link.click();
    await page.waitForURL(new RegExp(`/leads/${lead!.id}$`));
    await page.getByRole('heading', { name: lead!.name, level: 1 }).waitFor();
    await expect
      .poll(async () => (await server.sql<{ read: boolean }>(`select read_at is not null as read from notifications where link = $1 and member_id = $2`, [`/leads/${lead!.id}`, ids.sales]))[0]?.read)
      .toBe(true);

    // In Arabic the bell says it in Arabic (from the notification's key), the lead's name isolated in the line.
    const [other] = await server.sql<{ id: string; name: string }>(`select id, name from leads where assigned_to = (select id from members where email = 'lina@demo.travel') and status = 'new' and id <> $1 limit 1`, [lead!.id]);
    expect((await owner.put(`/api/leads/${other!.id}/owner`, { assignedTo: ids.sales })).status).toBe(200);
    await page.goto(`${server.url}/`);
    await page.getByTestId('language-picker').selectOption('ae');
    const arabic = card(page, 'notifications').getByRole('link', { name: new RegExp(`^أُسند إليك العميل المحتمل: \u2068?${other!.name}\u2069?$`) });
    await arabic.waitFor();
    expect(await card(page, 'notifications').innerText()).toContain('بواسطة');
    await shot(page, 'day-01b-notification-arabic');
    await page.getByTestId('language-picker').selectOption('en');
    // The language is the member's preference: back to English on the server before the page goes.
    await expect.poll(async () => (await server.sql<{ locale: string }>(`select preferences->>'locale' as locale from members where id = $1`, [ids.sales]))[0]?.locale).toBe('en');
    await page.context().close();
  });

  it('the owner hands out leads and completes vendors; finance starts from its work queue', async () => {
    const owner = await signedIn('owner@demo.travel');
    await card(owner, 'leadsToAssign').waitFor();
    await card(owner, 'vendorsToComplete').waitFor();
    expect(await axe(owner)).toEqual([]);
    await shot(owner, 'day-02-owner');
    await card(owner, 'leadsToAssign').getByRole('link', { name: 'See all: Leads to assign' }).click();
    await owner.waitForURL((u) => u.searchParams.getAll('assignedTo').join() === 'unassigned' && u.searchParams.getAll('status').length === 4);
    await owner.context().close();

    const finance = await signedIn('finance@demo.travel');
    // Finance's day is its work queue (payments to verify, installments and invoices overdue): My day shows its start.
    await card(finance, 'workQueue').getByTestId('work-queue-item').first().waitFor();
    expect(await finance.getByTestId('my-day-nothing').count()).toBe(0);
    await card(finance, 'notifications').waitFor();
    expect(await axe(finance)).toEqual([]);
    await shot(finance, 'day-03-finance');
    await finance.context().close();
  });

  it('status tiles filter their list; a second click shows everything again', async () => {
    const page = await signedIn('owner@demo.travel');
    await page.goto(`${server.url}/leads`);
    const lost = page.getByTestId('lead-stats').locator('[data-stat=lost]');
    await lost.click();
    await page.waitForURL((u) => u.searchParams.getAll('status').join() === 'lost');
    await expect.poll(() => lost.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => [...new Set(await page.getByTestId('leads-table').locator('[data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))]).toEqual(['lost']);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'day-04-leads-lost-tile');
    await lost.click();
    await page.waitForURL((u) => u.searchParams.getAll('status').length === 0);
    await expect.poll(() => page.getByTestId('lead-stats').locator('[data-stat=total]').getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${server.url}/vendors`);
    await page.getByTestId('vendor-stats').locator('[data-stat=inactive]').click();
    await expect.poll(async () => [...new Set(await page.getByTestId('vendors-table').locator('[data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))]).toEqual(['inactive']);

    await page.goto(`${server.url}/hotels`);
    await page.getByTestId('hotel-stats').locator('[data-stat=stars-5]').click();
    await expect.poll(() => JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}')).toEqual({ stars: ['5'] });
    await page.context().close();
  });

  it('an empty list says whether nothing exists yet or nothing matches, and how to get back', async () => {
    const page = await signedIn('owner@demo.travel');
    const [vendor] = await server.sql<{ id: string }>(`select v.id from vendors v where not exists (select 1 from vendor_transactions t where t.vendor_id = v.id) limit 1`);
    await page.goto(`${server.url}/vendors/${vendor!.id}`);
    const empty = page.getByTestId('empty-state');
    await empty.getByText('No transactions yet.').waitFor();
    expect(await empty.getByText('No records match.').count()).toBe(0);

    await page.goto(`${server.url}/vendors`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('no vendor is called this');
    await empty.getByText('No records match.').waitFor();
    await shot(page, 'day-05-no-match');
    await empty.getByRole('button', { name: 'Clear the search and filters' }).click();
    await page.getByTestId('vendors-table').waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
    await page.context().close();
  });

  it('no coded value reaches a screen: sources, outcomes, services, categories, employment, settings, money and tours', async () => {
    const owner = await server.login('owner@demo.travel');
    await owner.put('/api/configurations/lead', { defaultSource: 'walk-in' });
    const lead = await owner.post('/api/leads', { name: 'E2E Walk-in Lead', phone: '+971 50 555 0505', source: 'walk-in', followUp: new Date(Date.now() + 3_600_000).toISOString() });
    const followUp = lead.body.data.followUps[0]._id;
    await owner.post(`/api/leads/${lead.body.data._id}/followup/response`, { followUpId: followUp, outcome: 'not-interested' });
    const [lina] = await server.sql<{ id: string }>(`select id from members where email = 'lina@demo.travel'`);
    await owner.put(`/api/members/memberId/${lina!.id}`, { employmentStatus: 'on-leave' });

    const page = await signedIn('owner@demo.travel');
    // An entry of other income in the journal, the packages and the departures with their lines and statuses.
    const income = await owner.post('/api/budget/income', { amount: 5_000, date: new Date().toISOString().slice(0, 10), paymentMethod: 'bank-transfer', description: 'E2E coded values' });
    expect(income.status).toBe(201);
    const [pkg] = await server.sql<{ id: string }>(`select p.id from personalized_tours p join organizations o on o.id = p.organization_id where o.name = 'Demo Travels' order by p.title limit 1`);
    const [dep] = await server.sql<{ id: string }>(`select g.id from group_tours g join organizations o on o.id = g.organization_id where o.name = 'Demo Travels' order by g.departure limit 1`);
    const screens = [`/leads/${lead.body.data._id}`, '/leads', '/vendors', '/activities', '/members', '/configurations', '/'];
    screens.push('/account', '/account/journal', '/personalized-tours', `/personalized-tours/${pkg!.id}`, '/group-tours', `/group-tours/${dep!.id}`);
    for (const at of screens) {
      await page.goto(`${server.url}${at}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await codesOn(page), at).toEqual([]);
    }
    await page.goto(`${server.url}/leads/${lead.body.data._id}`);
    await page.getByTestId('lead-activity').getByText('Not interested').first().waitFor();
    await page.context().close();
  });

  it('the horizontal menu keeps every module one click away: what does not fit is under "More", in any language', async () => {
    const page = await signedIn('owner@demo.travel');
    await page.goto(`${server.url}/preferences`);
    await page.getByRole('group', { name: 'Menu' }).getByText('Horizontal', { exact: true }).click();
    await page.locator('.layout--menu-horizontal').waitFor();
    const more = page.getByTestId('nav-more');
    await more.waitFor();
    const shown = await page.locator('[data-testid=nav-menu] > li[data-item]:not([hidden])').count();
    expect(shown).toBeGreaterThan(3);
    expect(shown).toBeLessThan(MODULE_KEYS.length);
    // Every visible item is inside the window; nothing scrolls out of reach.
    for (const b of await page.locator('[data-testid=nav-menu] > li:not([hidden])').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right))) expect(b).toBeLessThanOrEqual(1366);
    await more.click();
    await page.getByRole('menuitem', { name: 'Configurations' }).click();
    await page.waitForURL(/\/configurations$/);
    await expect.poll(() => more.getAttribute('class')).toContain('active');
    // Open again: the current page is marked in it, readable (axe).
    await more.click();
    await page.getByRole('menuitem', { name: 'Configurations' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await shot(page, 'day-06-more-menu');
    await page.keyboard.press('Escape');

    for (const [lang, title, label] of [['de', 'Konfigurationen', 'Mehr'], ['ja', '設定', 'その他']] as const) {
      await page.getByTestId('language-picker').selectOption(lang);
      // "More" and, beside it, the work-queue count of the modules it holds.
      await expect.poll(() => more.innerText()).toMatch(new RegExp(`^${label}(\\s*\\d+)?$`));
      await more.click();
      await page.getByRole('menuitem').first().waitFor();
      await screenshot(page, `day-07-more-menu-${lang}`, false);
      expect(await page.getByRole('menuitem').allInnerTexts()).toContain(title);
      await page.keyboard.press('Escape');
    }
    await page.getByTestId('language-picker').selectOption('en');
    await page.goto(`${server.url}/preferences`);
    await page.getByRole('group', { name: 'Menu' }).getByText('Vertical', { exact: true }).click();
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });
});
