import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, signedInHome, startE2e } from '../support/e2e';
import { axe, bodyBackground, luminance, PHONE, toast } from '../support/browser';

/**
 * A sales agent's day on a phone, 390 px wide (issue 21): a header that fits, a menu that is a
 * drawer (closed at first, whatever the desktop said; closed again after choosing a page), cards,
 * a full-width search, tiles that leave the list on the first screen, dialogs whose buttons stay in
 * view; in dark mode and in Arabic too.
 */

let server: TestServer;
let browser: Browser;
let page: Page;
let leadId: string;
const pageErrors: string[] = [];

const shot = (name: string) => screenshot(page, name, false);
const menu = () => page.locator('nav#main-menu');
const box = async (l: Locator) => (await l.boundingBox())!;
const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

/** On screen, whole, and big enough to tap. */
async function expectTappable(l: Locator) {
  const b = await box(l);
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
  expect(b.y + b.height).toBeLessThanOrEqual(PHONE.height);
  expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(32);
}

describe('on a phone (390 px)', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    const sales = await server.login('sales@demo.travel');
    // On the desktop this member keeps the sidebar open: the phone must not follow.
    expect((await sales.put('/api/members/me/preferences', { sidebarOpen: true, menu: 'horizontal' })).status).toBe(200);
    const lead = await sales.post('/api/leads', { name: 'E2E Phone Lead', phone: '+971 50 555 0303', source: 'walk-in', followUp: new Date(Date.now() + 30 * 60_000).toISOString() });
    expect(lead.status).toBe(201);
    leadId = lead.body.data._id;
    page = await signedInHome(browser, pageErrors, server.url, 'sales@demo.travel', { phone: true, timeout: 20_000 });
  });

  afterAll(() => closeE2e({ browser, server }));

  it('the header fits: the menu button, notifications and the account menu are on screen; sign out is one tap away', async () => {
    await page.getByTestId('my-day').locator('[data-card=followUps]').waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    for (const id of ['menu-button', 'notifications-bell', 'member-menu']) await expectTappable(page.getByTestId(id));
    expect(await axe(page)).toEqual([]);
    await shot('phone-01-my-day');

    await page.getByTestId('member-menu').click();
    const signOut = page.getByRole('menuitem', { name: 'Sign out' });
    await signOut.waitFor();
    await expectTappable(signOut);
    await page.keyboard.press('Escape');
    await signOut.waitFor({ state: 'hidden' });
  });

  it('the menu starts closed (whatever the desktop says), opens over the page, and closes after choosing a page, on Escape and beside it', async () => {
    const button = page.getByTestId('menu-button');
    await expect.poll(() => menu().isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.click();
    await expect.poll(() => menu().isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect((await box(menu())).width).toBeLessThan(PHONE.width);
    await page.getByTestId('drawer-mask').waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('phone-02-menu-open');

    await menu().locator('a[data-module=leads]').click();
    await page.waitForURL(/\/leads$/);
    await expect.poll(() => menu().isVisible()).toBe(false);

    await button.click();
    await expect.poll(() => menu().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu().isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-button');

    await button.click();
    // Beside the drawer (it is on the left in English).
    await page.getByTestId('drawer-mask').click({ position: { x: PHONE.width - 20, y: 300 } });
    await expect.poll(() => menu().isVisible()).toBe(false);

    await page.reload();
    await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    expect(await menu().isVisible()).toBe(false);
  });

  it('lists open as cards with a full-width search; the tiles keep to one row and the first record is on the first screen', async () => {
    await page.goto(`${server.url}/leads`);
    const cards = page.getByTestId('leads-cards');
    await cards.waitFor();
    expect((await box(page.getByRole('searchbox', { name: 'Search' }))).width).toBeGreaterThan(PHONE.width - 60);
    const tiles = await box(page.getByTestId('lead-stats'));
    expect(tiles.height).toBeLessThan(100);
    expect((await box(cards.locator('article').first())).y).toBeLessThan(PHONE.height);
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axe(page)).toEqual([]);
    await shot('phone-03-leads');

    // A list without cards of its own gets cards made from its columns.
    await page.goto(`${server.url}/contacts`);
    await page.getByTestId('contacts-cards').locator('article').first().waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    await shot('phone-04-contacts');
  });

  it('a dialog keeps Cancel and Save in view while its fields scroll, and asks before throwing away what was typed', async () => {
    await page.goto(`${server.url}/leads`);
    await page.getByRole('button', { name: 'New lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'New lead' });
    await dialog.waitFor();
    // It opens with the cursor in its first field.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toBe('Name');
    await page.keyboard.type('E2E Half-typed');
    await dialog.getByLabel('Comment').scrollIntoViewIfNeeded();
    for (const name of ['Cancel', 'Save']) await expectTappable(dialog.getByRole('button', { name, exact: true }));
    await shot('phone-05-dialog');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    const confirm = page.getByRole('alertdialog').or(page.locator('.p-confirm-dialog'));
    await confirm.getByText('Discard your changes?').waitFor();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('E2E Half-typed');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the lead’s page fits the screen, and a follow-up is answered from it', async () => {
    await page.goto(`${server.url}/leads/${leadId}`);
    await page.getByRole('heading', { name: 'E2E Phone Lead', level: 1 }).waitFor();
    await page.getByTestId('lead-contact').getByText('Walk-in').waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await axe(page)).toEqual([]);
    await screenshot(page, 'phone-06-lead');
    await page.getByTestId('lead-follow-ups').getByRole('button', { name: 'Record response' }).click();
    const dialog = page.getByRole('dialog', { name: /^Follow-up with/ });
    await dialog.locator('.field', { hasText: 'Outcome' }).locator('.p-dropdown').click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: 'No answer' }).click();
    await expectTappable(dialog.getByRole('button', { name: 'Save response' }));
    await dialog.getByRole('button', { name: 'Save response' }).click();
    await toast(page, 'Response recorded');
    await page.getByTestId('follow-up-response').getByText('No answer').waitFor();
  });

  it('in dark mode and in Arabic: right to left, the drawer from the right, still one screen wide', async () => {
    await page.goto(`${server.url}/preferences`);
    await page.getByRole('group', { name: 'Theme' }).getByText('Dark', { exact: true }).click();
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(0.05);
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'يومي', level: 1 }).waitFor();
    await page.getByTestId('my-day').locator('[data-card=followUps]').waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    for (const id of ['menu-button', 'notifications-bell', 'member-menu']) await expectTappable(page.getByTestId(id));
    expect(await axe(page)).toEqual([]);
    await shot('phone-07-my-day-dark-arabic');

    await page.getByTestId('menu-button').click();
    await expect.poll(() => menu().isVisible()).toBe(true);
    const drawer = await box(menu());
    expect(drawer.x + drawer.width).toBeGreaterThan(PHONE.width - 2);
    expect(await axe(page)).toEqual([]);
    await shot('phone-08-menu-dark-arabic');
    await menu().locator('a[data-module=leads]').click();
    await page.getByTestId('leads-cards').waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE.width);
    await shot('phone-09-leads-dark-arabic');

    await page.goto(`${server.url}/preferences`);
    await page.getByTestId('language-picker').selectOption('en');
    await page.getByRole('group', { name: 'Theme' }).getByText('Light', { exact: true }).click();
    expect(pageErrors).toEqual([]);
  });

  describe('the money and tour screens (the owner)', () => {
    let owner: Page;
    const ownerShot = (name: string, fullPage = false) => screenshot(owner, name, fullPage);
    const ownerWidth = () => owner.evaluate(() => document.documentElement.scrollWidth);
    /** A list page opened on a phone: cards, one screen wide, readable (axe). */
    async function cardsOf(at: string, testId: string, name: string) {
      await owner.goto(`${server.url}${at}`);
      await owner.getByTestId(testId).locator('article').first().waitFor();
      expect(await ownerWidth(), at).toBeLessThanOrEqual(PHONE.width);
      expect(await axe(owner), at).toEqual([]);
      await ownerShot(name);
    }
    /** A record's page opened from the first card of a list: one screen wide, readable. */
    async function firstRecordOf(testId: string, name: string) {
      const link = owner.getByTestId(testId).locator('article').first().locator('h2 a');
      const title = await link.innerText();
      await link.click();
      await owner.getByRole('heading', { name: title, level: 1 }).waitFor();
      await owner.waitForLoadState('networkidle');
      expect(await ownerWidth(), title).toBeLessThanOrEqual(PHONE.width);
      expect(await axe(owner), title).toEqual([]);
      await ownerShot(name, true);
    }

    beforeAll(async () => {
      owner = await signedInHome(browser, pageErrors, server.url, 'owner@demo.travel', { phone: true, timeout: 20_000 });
    });
    afterAll(() => owner?.context().close());

    it('as cards one screen wide: the chart of accounts, the journal, the packages and the departures, and their pages', async () => {
      // The departures still short of travellers are on the owner's day.
      await owner.getByTestId('my-day').locator('[data-card=departuresToFill]').getByRole('listitem').first().waitFor();
      expect(await ownerWidth()).toBeLessThanOrEqual(PHONE.width);
      await ownerShot('phone-10-my-day-owner', true);
      await cardsOf('/account', 'chart-cards', 'phone-11-account');
      await owner.getByTestId('chart-cards').locator('[data-account="money:bank-transfer"]').getByText('Bank').first().waitFor();
      await cardsOf('/account/journal', 'journal-cards', 'phone-12-journal');
      await cardsOf('/personalized-tours', 'personalized-tours-cards', 'phone-13-packages');
      await firstRecordOf('personalized-tours-cards', 'phone-14-package');
      await cardsOf('/group-tours', 'group-tours-cards', 'phone-15-departures');
      await firstRecordOf('group-tours-cards', 'phone-16-departure');
      await owner.goto(`${server.url}/group-tours/new`);
      await owner.getByRole('heading', { name: 'New departure', level: 1 }).waitFor();
      expect(await ownerWidth()).toBeLessThanOrEqual(PHONE.width);
      await ownerShot('phone-17-departure-form', true);
    });

    it('a money dialog opens on its first field, keeps Cancel and Save in view, and asks before throwing away an amount', async () => {
      await owner.goto(`${server.url}/account`);
      await owner.getByRole('button', { name: 'Record other income' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Record other income' });
      await dialog.waitFor();
      await expect.poll(() => owner.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toBe('Amount');
      await owner.keyboard.type('125');
      for (const name of ['Cancel', 'Save']) await expectTappable(dialog.getByRole('button', { name, exact: true }));
      await ownerShot('phone-18-income-dialog');
      await owner.keyboard.press('Escape');
      const confirm = owner.getByRole('alertdialog').or(owner.locator('.p-confirm-dialog'));
      await confirm.getByText('Discard your changes?').waitFor();
      await confirm.getByRole('button', { name: 'Discard' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    it('in dark mode and in Arabic: the same screens right to left, still one screen wide, no English from the server', async () => {
      await owner.goto(`${server.url}/preferences`);
      await owner.getByRole('group', { name: 'Theme' }).getByText('Dark', { exact: true }).click();
      await expect.poll(async () => luminance(await bodyBackground(owner))).toBeLessThan(0.05);
      await owner.getByTestId('language-picker').selectOption('ae');
      await expect.poll(() => owner.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await cardsOf('/account', 'chart-cards', 'phone-19-account-dark-arabic');
      await owner.getByTestId('chart-cards').getByText('البنك', { exact: true }).first().waitFor();
      await cardsOf('/account/journal', 'journal-cards', 'phone-20-journal-dark-arabic');
      await cardsOf('/personalized-tours', 'personalized-tours-cards', 'phone-21-packages-dark-arabic');
      await firstRecordOf('personalized-tours-cards', 'phone-22-package-dark-arabic');
      await cardsOf('/group-tours', 'group-tours-cards', 'phone-23-departures-dark-arabic');
      await firstRecordOf('group-tours-cards', 'phone-24-departure-dark-arabic');

      // A form's refusal reads in Arabic: an income without an amount or a description.
      await owner.goto(`${server.url}/account`);
      await owner.locator('.page-header').getByRole('button').last().click();
      const dialog = owner.getByRole('dialog');
      await dialog.waitFor();
      await dialog.locator('button[type=submit]').click();
      await dialog.locator('.field-error').first().waitFor();
      // An amount left empty is required, like the description (not "a value of the wrong type").
      expect(await dialog.locator('.field-error').allInnerTexts()).toEqual(['المبلغ مطلوب', 'الوصف مطلوب']);
      await ownerShot('phone-25-income-refused-dark-arabic');
      await owner.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await owner.goto(`${server.url}/preferences`);
      await owner.getByTestId('language-picker').selectOption('en');
      await owner.getByRole('group', { name: 'Theme' }).getByText('Light', { exact: true }).click();
      expect(pageErrors).toEqual([]);
    });
  });
});
