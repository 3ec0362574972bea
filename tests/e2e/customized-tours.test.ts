import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { axe, choose as chooseFixed, luminance, pick, SHOTS, toast as toastOn } from '../support/browser';
import { closeE2e, signedInAt, startE2e } from '../support/e2e';

/**
 * Issue 14's end-to-end path for customized tours, as a sales agent: build a three-day tour for a
 * lead from the catalogue and watch the totals follow, send it (tour sent, lead quoted), revise it
 * and see version 1 unchanged, copy it to another lead. Then the list's filters in the address,
 * dark mode, Arabic and a 390 px phone.
 */
const TITLE = 'E2E Dubai Three Days';
const REVISED = 'E2E Dubai Three Days, upgraded';

let server: TestServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const lead = { id: '', name: 'E2E Tour Traveller', email: 'e2e.traveller@tours.example' };
const other = { id: '', name: 'E2E Second Traveller' };
let tourId = '';
let v1Sell = 0;

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
const toast = (text: string | RegExp) => toastOn(page, text);
const field = (scope: Locator | Page, label: string) => scope.locator('.field', { has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) }).first();

/**
 * A picker searched on the server: open it, search, choose. The options are replaced when the
 * search answers (and a select ignores clicks while it loads), so the click is repeated until it
 * took: the panel closed (one choice) or the option marked chosen (several).
 */
async function choose(target: Locator, search: string, option: string | RegExp) {
  const multiple = (await target.locator('.p-multiselect').count()) > 0;
  await target.locator(multiple ? '.p-multiselect-trigger' : '.p-dropdown-trigger').first().click();
  const panel = page.locator(multiple ? '.p-multiselect-panel' : '.p-dropdown-panel');
  await panel.locator('input[type=text]').fill(search);
  const item = panel.getByRole('option', { name: option });
  await expect
    .poll(async () => {
      if (multiple ? (await item.getAttribute('aria-selected')) === 'true' : !(await panel.isVisible())) return true;
      await item.click({ timeout: 2_000 }).catch(() => undefined);
      return false;
    }, { timeout: 15_000, interval: 300 })
    .toBe(true);
  if (multiple) await panel.locator('.p-multiselect-close').click();
  await panel.waitFor({ state: 'detached' });
}

/** Types into a number or money field key by key, as a person does (money in major units). */
async function retype(input: Locator, text: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(text);
  await input.blur();
}

const dayCard = (n: number) => page.locator(`li.day-card[data-day="${n}"]`);
const lineRows = () => page.getByTestId('lines-editor').locator('tbody tr');
const totals = () => page.getByTestId('tour-totals');
const sell = async () => Number(await totals().getAttribute('data-sell'));
const tourRow = async (title: string) =>
  (await server.sql<{ id: string; status: string; version: number; total_sell: string; lead_id: string }>('select id, status, version, total_sell, lead_id from customized_tours where title = $1', [title]))[0];
const leadStatus = async (id: string) => (await server.sql<{ status: string }>('select status from leads where id = $1', [id]))[0]!.status;

describe('customized tours in Chromium (issue 14)', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    // Two leads of the sales agent's own (he sees only his leads).
    const sales = await server.login('sales@demo.travel');
    const made = await sales.post('/api/leads', { name: lead.name, email: lead.email, phone: '+971 50 123 9876', query: { adults: 2, children: 0 } });
    expect(made.status).toBe(201);
    lead.id = made.body.data._id;
    other.id = (await sales.post('/api/leads', { name: other.name, phone: '+971 50 123 9877', query: { adults: 3 } })).body.data._id;
    page = await signedInAt(browser, pageErrors, `${server.url}/leads/${lead.id}`, 'sales@demo.travel', { height: 1000, timeout: 15_000 });
    await page.waitForURL(new RegExp(`/leads/${lead.id}$`));
  });

  beforeEach(() => onTestFailed(({ task }) => shot(`99-customized-tours-failed-${task.name.slice(0, 30).replace(/\W+/g, '-')}`).then(() => undefined)));

  afterAll(() => closeE2e({ browser, server }));

  it('builds a three-day tour for a lead from the catalogue; the totals follow every change', async () => {
    await page.getByRole('heading', { name: lead.name, level: 1 }).waitFor();
    const tours = page.getByTestId('lead-tours');
    await tours.getByText('No tour for this lead yet.').waitFor();
    await tours.getByRole('link', { name: 'New tour' }).click();
    await page.getByRole('heading', { name: 'New tour', level: 1 }).waitFor();
    // The lead comes from its page; the travellers from its enquiry.
    await expect.poll(() => field(page, 'Lead').locator('.p-dropdown-label').innerText()).toBe(lead.name);
    expect(await field(page, 'Adults').locator('input').inputValue()).toBe('2');
    await page.getByTestId('tour-generate').isDisabled();

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Title is required').first().waitFor();

    await page.getByLabel('Title').fill(TITLE);
    await field(page, 'Departure').locator('input').fill('2027-05-10');
    for (let n = 1; n <= 3; n++) await page.getByRole('button', { name: 'Add a day' }).click();
    await dayCard(3).getByRole('heading', { name: /^Day 3 · May 12, 2027$/ }).waitFor();
    expect(await field(page, 'Arrival').locator('input').inputValue()).toBe('2027-05-12');

    await choose(field(dayCard(1), 'Destination'), 'dubai', /^Dubai/);
    await choose(field(dayCard(1), 'Hotel'), 'marina', /^The Marina Palace/);
    await chooseFixed(page, field(dayCard(1), 'Room type'), 'Deluxe King');
    await field(dayCard(1), 'Notes').locator('textarea').fill('Arrival and check-in');
    // The next days were added before the first had a place: they get theirs now.
    await choose(field(dayCard(2), 'Destination'), 'dubai', /^Dubai/);
    await choose(field(dayCard(2), 'Hotel'), 'marina', /^The Marina Palace/);
    await chooseFixed(page, field(dayCard(2), 'Room type'), 'Deluxe King');
    await choose(field(dayCard(2), 'Activities'), 'safari', /^Desert Safari with BBQ Dinner/);
    await choose(field(dayCard(3), 'Destination'), 'dubai', /^Dubai/);

    // Moving a day: by pointer (drag onto another day) and by keyboard; the dates stay in order.
    // (A drag needs both ends on screen: a tall window for it.)
    await page.setViewportSize({ width: 1366, height: 2400 });
    await dayCard(1).getByTestId('day-drag').dragTo(dayCard(2).getByRole('heading'));
    await page.setViewportSize({ width: 1366, height: 1000 });
    await expect.poll(() => field(dayCard(2), 'Notes').locator('textarea').inputValue()).toBe('Arrival and check-in');
    expect(await field(dayCard(1), 'Notes').locator('textarea').inputValue()).toBe('');
    await dayCard(2).getByRole('button', { name: 'Move day 2 up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => field(dayCard(1), 'Notes').locator('textarea').inputValue()).toBe('Arrival and check-in');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move day 1 down');
    await dayCard(1).getByRole('heading', { name: /^Day 1 · May 10, 2027$/ }).waitFor();
    expect(await axe(page)).toEqual([]);

    // From the catalogue: the stay (two nights in one room) and the safari for two, at their rates.
    expect(await sell()).toBe(0);
    await page.getByRole('button', { name: 'Price the days' }).click();
    await expect.poll(() => lineRows().count()).toBe(2);
    expect(await lineRows().first().getByLabel('Description, line 1').inputValue()).toBe('The Marina Palace, Deluxe King');
    expect(await lineRows().first().getByLabel('Quantity, line 1').inputValue()).toBe('2');
    expect(await lineRows().nth(1).getByLabel('Description, line 2').inputValue()).toBe('Desert Safari with BBQ Dinner');
    await expect.poll(sell).toBeGreaterThan(0);
    const priced = await sell();
    const pricedCost = Number(await totals().getAttribute('data-cost'));

    // Staff change a rate: the line and the totals follow at once (the pricing function in the page).
    await retype(lineRows().first().getByLabel('Unit cost, line 1'), '500');
    await expect.poll(async () => Number(await totals().getAttribute('data-cost'))).not.toBe(pricedCost);
    const [hotel] = await server.sql<{ room_types: { name: string; nightlyRate: number }[] }>(`select room_types from hotels where name = 'The Marina Palace'`);
    const rate = hotel!.room_types.find((r) => r.name === 'Deluxe King')!.nightlyRate;
    // Two room-nights at 500.00 instead of the catalogue's rate.
    expect(Number(await totals().getAttribute('data-cost'))).toBe(pricedCost + 2 * (50_000 - rate));
    expect(await sell()).not.toBe(priced);

    // A fee for the whole trip, an amount per unit.
    await page.getByRole('button', { name: 'Add a line' }).click();
    const fee = lineRows().nth(2);
    await chooseFixed(page, fee.locator('td').first(), 'Fee');
    await fee.getByLabel('Description, line 3').fill('Planning fee');
    await chooseFixed(page, fee.locator('td').nth(5), 'Amount');
    const before = await sell();
    await retype(fee.getByLabel('Markup per unit, line 3'), '40');
    await expect.poll(sell).toBe(before + 4_000);
    await fee.getByTestId('line-sell').getByText('$40.00').waitFor();

    // The customer view beside: days and selling prices, never a cost or a markup.
    const customer = page.getByTestId('customer-view');
    await customer.getByText('The Marina Palace').first().waitFor();
    await customer.getByText('Planning fee').waitFor();
    const shown = await customer.innerText();
    for (const staffOnly of ['$500.00', 'Unit cost', 'Margin', 'Markup', '15 %']) expect(shown).not.toContain(staffOnly);
    expect(shown).toContain('2 × $575.00');
    await shot('150-tour-builder');

    await page.getByRole('button', { name: 'Save' }).click();
    await toast('Customized tour created successfully');
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const row = (await tourRow(TITLE))!;
    tourId = row.id;
    // The server priced the same lines to the same total the page showed.
    expect(Number(row.total_sell)).toBe(await sell());
    expect(row).toMatchObject({ status: 'draft', version: 1, lead_id: lead.id });
    expect(await axe(page)).toEqual([]);
  });

  it('sends it: version 1 is frozen, the tour is sent and the lead quoted', async () => {
    const panel = page.getByTestId('workflow-panel');
    await panel.getByRole('button', { name: 'Send' }).click();
    // The itinerary's send dialog (the documents'), to the lead's email; no mail server: the outbox.
    const dialog = page.getByRole('dialog', { name: `Send itinerary ${TITLE} · Version 1` });
    await expect.poll(() => dialog.getByLabel('To').inputValue()).toBe(lead.email);
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await toast('No mail server is set, so the email was not sent: it waits in the outbox.');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('sent');
    v1Sell = Number((await tourRow(TITLE))!.total_sell);
    expect((await tourRow(TITLE))!.status).toBe('sent');
    expect(await leadStatus(lead.id)).toBe('quoted');
    await page.getByTestId('tour-versions').getByRole('link', { name: 'Version 1' }).waitFor();
    // A sent tour is kept as sent: no edit, no delete.
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    await page.getByTestId('tour-details').getByRole('link', { name: lead.name }).click();
    await page.getByRole('heading', { name: lead.name, level: 1 }).waitFor();
    await page.locator('[data-status=quoted]').first().waitFor();
    await page.getByTestId('lead-tours').locator(`[data-tour="${TITLE}"]`).getByText('Sent').waitFor();
  });

  it('revises it: version 2 is a draft to change; version 1 reads exactly as it was sent', async () => {
    await page.getByTestId('lead-tours').getByRole('link', { name: TITLE }).click();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByTestId('workflow-panel').getByRole('button', { name: 'Revise' }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Revise' }).click();
    await toast('Version 2 is a new draft');
    await page.getByTestId('tour-version').getByText('Version 2').waitFor();

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit tour', level: 1 }).waitFor();
    await page.getByLabel('Title').fill(REVISED);
    await retype(lineRows().first().getByLabel('Unit cost, line 1'), '650');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast('Customized tour updated successfully');
    await page.getByRole('heading', { name: REVISED, level: 1 }).waitFor();
    const revised = (await tourRow(REVISED))!;
    expect(revised).toMatchObject({ id: tourId, status: 'draft', version: 2 });
    expect(Number(revised.total_sell)).toBeGreaterThan(v1Sell);

    await page.getByTestId('tour-versions').getByRole('link', { name: 'Version 1' }).click();
    await page.getByRole('heading', { name: `${TITLE}: version 1`, level: 1 }).waitFor();
    expect(Number(await totals().getAttribute('data-sell'))).toBe(v1Sell);
    await page.getByTestId('customer-view').getByText(TITLE).waitFor();
    expect(await page.getByTestId('version-sent').innerText()).toContain(lead.email);
    expect(await axe(page)).toEqual([]);
    await shot('151-tour-version-1');
  });

  it('copies it to another lead as a new draft', async () => {
    await page.getByRole('link', { name: 'Back to the tour' }).click();
    await page.getByRole('heading', { name: REVISED, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Copy' }).click();
    const dialog = page.locator('.p-dialog');
    await choose(field(dialog, 'Lead'), 'E2E Second', new RegExp(`^${other.name}`));
    await dialog.getByLabel('Title').fill('E2E Dubai for the second traveller');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(`Copied for ${other.name}`);
    await page.getByRole('heading', { name: 'Edit tour', level: 1 }).waitFor();
    const copy = (await tourRow('E2E Dubai for the second traveller'))!;
    expect(copy).toMatchObject({ status: 'draft', version: 1, lead_id: other.id });
    const lines = async (id: string) => (await server.sql<{ n: number }>('select count(*)::int as n from customized_tour_lines where tour_id = $1', [id]))[0]!.n;
    expect(await lines(copy.id)).toBe(await lines(tourId));
    expect(Number(copy.total_sell)).toBe(Number((await tourRow(REVISED))!.total_sell));
    await expect.poll(() => lineRows().count()).toBe(3);
  });

  it('lists the tours with the seed’s filters in the address, in dark mode, in Arabic and on a 390 px phone', async () => {
    await page.locator('[data-testid=nav-menu] a[data-module=customizedTours]').click();
    await page.getByRole('heading', { name: 'Customized tours', level: 1 }).waitFor();
    const cards = page.getByTestId('customized-tours-cards');
    await cards.locator(`[data-tour="${REVISED}"]`).waitFor();
    await page.locator('[data-testid=customized-tours-cards][aria-busy=false]').waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    await field(page, 'Status').locator('.p-multiselect').waitFor();
    await pick(page, field(page, 'Status'), ['Draft']);
    await page.waitForURL((u) => u.searchParams.getAll('status').join() === 'draft');
    await page.locator('[data-testid=customized-tours-cards][aria-busy=false]').waitFor();
    await cards.locator(`[data-tour="${REVISED}"]`).waitFor();
    expect(await cards.locator('[data-status=sent]').count()).toBe(0);
    // The same view from the address alone.
    await page.goto(`${server.url}/customized-tours?status=sent`);
    await page.getByRole('heading', { name: 'Customized tours', level: 1 }).waitFor();
    await page.locator('[data-testid=customized-tours-cards][aria-busy=false]').waitFor();
    expect(await cards.locator('[data-status=draft]').count()).toBe(0);
    expect(await cards.locator(`[data-tour="${REVISED}"]`).count()).toBe(0);
    expect(await axe(page)).toEqual([]);

    await page.goto(`${server.url}/customized-tours/${tourId}`);
    await page.getByRole('heading', { name: REVISED, level: 1 }).waitFor();
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('app-dark'))).toBe(true);
    const background = (l: Locator) => l.evaluate((e) => getComputedStyle(e).backgroundColor);
    await expect.poll(async () => luminance(await background(page.getByTestId('customer-view')))).toBeLessThan(0.05);
    expect(await axe(page)).toEqual([]);
    await shot('152-tour-dark');

    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { name: 'عرض العميل' }).waitFor();
    await page.getByTestId('workflow-panel').getByRole('button', { name: 'إرسال' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('153-tour-dark-rtl');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/customized-tours`);
    await page.getByRole('heading', { name: 'الجولات المخصصة', level: 1 }).waitFor();
    // The menu lies over the page on a phone: closed to read the list.
    const toggle = page.locator('header.topbar button[aria-controls=main-menu]');
    if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
    await cards.locator(`[data-tour="${REVISED}"]`).waitFor();
    const wider = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('#content *')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 || e.getBoundingClientRect().left < -0.5)
          // What a row that scrolls sideways holds (the status tiles on a phone) is reached by scrolling it.
          .filter((e) => {
            for (let a = e.parentElement; a && a.id !== 'content'; a = a.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return false;
            return true;
          })
          .slice(0, 12)
          .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().left)}..${Math.round(e.getBoundingClientRect().right)} ${e.textContent?.slice(0, 30)}`),
      );
    // What this screen draws fits (the shell's skip link, parked off-screen, widens the document in Arabic).
    expect(await wider()).toEqual([]);
    await page.goto(`${server.url}/customized-tours/${tourId}`);
    await page.getByTestId('staff-lines').waitFor();
    // The lines read as one card per line on a phone: nothing wider than the screen.
    expect(await wider()).toEqual([]);
    await shot('154-tour-phone-rtl');

    await page.setViewportSize({ width: 1366, height: 1000 });
    await page.getByTestId('language-picker').selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    expect(pageErrors).toEqual([]);
  });
});
