import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { axe, luminance, pick as pickOn, SHOTS, toast as toastOn } from '../support/browser';
import { closeE2e, signedInAt, startE2e } from '../support/e2e';

const REGION = 'E2E Atlantic Isles';
const DESTINATION = 'E2E Porto Santo';
const HOTEL = 'E2E Vila Baleira Resort';
const ACTIVITY = 'E2E Pico Castelo Ridge Walk';

let server: TestServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

const toast = (text: string | RegExp) => toastOn(page, text);

/** A screen of the menu, reached as a person does (a client-side navigation). */
async function open(module: string, heading: string) {
  await page.locator(`[data-testid=nav-menu] a[data-module=${module}]`).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/${module}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/**
 * A region or destination picker: open it, search on the server, choose the option. Single
 * pickers close on the choice; multiple ones are closed with their close button (not Escape:
 * inside a dialog it would close the dialog too).
 */
async function choose(field: Locator, search: string, option: string | RegExp) {
  const multiple = (await field.locator('.p-multiselect').count()) > 0;
  // The trigger (arrow): the middle of a multiple picker may be a chip's remove button.
  await field.locator(multiple ? '.p-multiselect-trigger' : '.p-dropdown-trigger').first().click();
  const panel = page.locator(multiple ? '.p-multiselect-panel' : '.p-dropdown-panel');
  await panel.locator('input[type=text]').fill(search);
  await panel.getByRole('option', { name: option }).click();
  if (multiple) await panel.locator('.p-multiselect-close').click();
  await panel.waitFor({ state: 'detached' });
}

const pick = (field: Locator, options: string[]) => pickOn(page, field, options);

/** Types into a number or money field key by key, as a person does (money in major units). */
async function retype(input: Locator, text: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(text);
  await input.blur();
}
const money = (field: Locator, amount: string) => retype(field.locator('input'), amount);

const filtersParam = () => JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}') as Record<string, unknown>;
const cardNames = (list: string, attr: string) => page.getByTestId(`${list}-cards`).locator(`[${attr}]`).evaluateAll((els, a) => els.map((e) => e.getAttribute(a)), attr);
const headers = (list: string) => page.getByTestId(`${list}-table`).locator('thead th').allInnerTexts();
describe('catalogue in Chromium (issue 5)', () => {
  let regionId: string;
  let destinationId: string;

  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    page = await signedInAt(browser, pageErrors, `${server.url}/regions`, 'owner@demo.travel', { timeout: 15_000 });
    await page.waitForURL(/\/regions$/);
  });

  beforeEach(() => onTestFailed(({ task }) => shot(`69-catalogue-failed-${task.name.slice(0, 30).replace(/\W+/g, '-')}`).then(() => undefined)));

  afterAll(() => closeE2e({ browser, server }));

  it('creates a region (a table: the seed has no region cards), with a slug made from its name', async () => {
    await page.getByRole('heading', { name: 'Regions', level: 1 }).waitFor();
    await page.getByTestId('regions-table').waitFor();
    expect(await headers('regions')).not.toContain('ID');

    await page.getByRole('button', { name: 'New region' }).click();
    const dialog = page.getByRole('dialog', { name: 'New region' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill(REGION);
    await dialog.getByLabel('Description').fill('Madeira and Porto Santo, for the e2e test.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Region added successfully');
    await dialog.waitFor({ state: 'detached' });

    const [row] = await server.sql<{ id: string; slug: string }>(`select id, slug from regions where name = $1`, [REGION]);
    expect(row!.slug).toBe('e2e-atlantic-isles');
    regionId = row!.id;
    await page.getByRole('searchbox', { name: 'Search' }).fill('atlantic');
    await page.getByTestId('regions-table').getByRole('cell', { name: REGION, exact: true }).waitFor();
    expect(await axe(page)).toEqual([]);
  });

  it('creates a destination in it, choosing the region with the server-searched picker', async () => {
    await open('destinations', 'Destinations');
    await page.getByRole('button', { name: 'New destination' }).click();
    const dialog = page.getByRole('dialog', { name: 'New destination' });
    await dialog.getByLabel('Name', { exact: true }).fill(DESTINATION);
    await dialog.getByLabel('Country').fill('Portugal');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Region is required').waitFor();

    await choose(dialog.locator('.field', { hasText: 'Region' }), 'atlantic', REGION);
    await shot('60-destination-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Destination added successfully');
    await dialog.waitFor({ state: 'detached' });
    const [row] = await server.sql<{ id: string; region_id: string; country: string }>(`select id, region_id, country from destinations where name = $1`, [DESTINATION]);
    expect(row).toMatchObject({ region_id: regionId, country: 'Portugal' });
    destinationId = row!.id;

    // The list's region filter (a multiple picker) finds it, and the address keeps the filter.
    await page.getByRole('button', { name: 'Filters' }).click();
    await choose(page.locator('#destinations-filters .field', { hasText: 'Regions' }), 'atlantic', REGION);
    await expect.poll(filtersParam).toEqual({ regions: [regionId] });
    await expect.poll(() => page.getByTestId('destinations-table').locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining(DESTINATION)]);
  });

  it('creates a hotel with two room types: rates typed in dollars are stored in cents exactly', async () => {
    await open('hotels', 'Hotels');
    // Cards are the default layout (seed constant), with the counts header.
    await page.getByTestId('hotels-cards').waitFor();
    await expect.poll(() => page.getByTestId('hotel-stats').locator('[data-stat=total] .stat__value').innerText()).not.toBe('…');
    const [{ n: before }] = await server.sql<{ n: number }>(`select count(*)::int as n from hotels h join organizations o on o.id = h.organization_id where o.name = 'Demo Travels'`);
    expect(Number((await page.getByTestId('hotel-stats').locator('[data-stat=total] .stat__value').innerText()).replace(/\D/g, ''))).toBe(before);

    await page.getByRole('button', { name: 'New hotel' }).click();
    const dialog = page.getByRole('dialog', { name: 'New hotel' });
    await dialog.getByLabel('Name', { exact: true }).fill(HOTEL);
    await choose(dialog.locator('.field', { hasText: 'Destination' }), 'porto santo', new RegExp(`^${DESTINATION}`));
    await dialog.locator('.field', { hasText: 'Stars' }).locator('.p-dropdown').click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: '4-star', exact: true }).click();
    await dialog.getByLabel('Address').fill('Rua Dr. Vieira de Castro, Vila Baleira');
    await dialog.getByLabel('Amenities').pressSequentially('Pool,Spa,Sea view,');

    const rooms = dialog.getByTestId('room-type');
    await rooms.nth(0).getByLabel('Room type', { exact: true }).fill('Double Sea View');
    await money(rooms.nth(0).locator('.field', { hasText: 'Nightly rate' }), '145.5');
    expect(await rooms.nth(0).getByLabel('Guests at most').inputValue()).toBe('2');
    await dialog.getByRole('button', { name: 'Add a room type' }).click();
    await rooms.nth(1).getByLabel('Room type', { exact: true }).fill('Family Suite');
    await money(rooms.nth(1).locator('.field', { hasText: 'Nightly rate' }), '289.99');
    await retype(rooms.nth(1).getByLabel('Guests at most'), '4');
    expect(await rooms.nth(1).locator('.field', { hasText: 'Nightly rate' }).locator('input').inputValue()).toBe('$289.99');
    await shot('61-hotel-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Hotel added successfully!');
    await dialog.waitFor({ state: 'detached' });

    const [row] = await server.sql<{ stars: number; room_types: unknown; amenities: string[]; destination_id: string; slug: string }>(
      `select stars, room_types, amenities, destination_id, slug from hotels where name = $1`,
      [HOTEL],
    );
    expect(row).toEqual({
      stars: 4,
      destination_id: destinationId,
      slug: 'e2e-vila-baleira-resort',
      amenities: ['Pool', 'Spa', 'Sea view'],
      room_types: [
        { name: 'Double Sea View', nightlyRate: 14550, maxOccupancy: 2 },
        { name: 'Family Suite', nightlyRate: 28999, maxOccupancy: 4 },
      ],
    });
    await expect.poll(() => page.getByTestId('hotel-stats').locator('[data-stat=total] .stat__value').innerText()).toBe(String(before + 1));
  });

  it('creates an activity in the destination', async () => {
    await open('activities', 'Activities');
    await page.getByTestId('activities-cards').waitFor();
    await page.getByRole('button', { name: 'New activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'New activity' });
    await dialog.getByLabel('Name', { exact: true }).fill(ACTIVITY);
    await choose(dialog.locator('.field', { hasText: 'Destination' }), 'santo', new RegExp(`^${DESTINATION}`));
    await dialog.locator('.field', { hasText: 'Category' }).locator('.p-dropdown').click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: 'Adventure', exact: true }).click();
    await dialog.locator('.field', { hasText: 'Difficulty' }).locator('.p-dropdown').click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: 'Moderate', exact: true }).click();
    await retype(dialog.getByLabel('Duration in minutes'), '150');
    await dialog.getByText('2 hr 30 min').waitFor();
    await money(dialog.locator('.field', { hasText: 'Price per person' }), '39.9');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Activity added successfully');
    await dialog.waitFor({ state: 'detached' });
    const [row] = await server.sql(`select category, difficulty, duration_minutes, price_per_person, destination_id from activities where name = $1`, [ACTIVITY]);
    expect(row).toEqual({ category: 'adventure', difficulty: 'moderate', duration_minutes: 150, price_per_person: '3990', destination_id: destinationId });
  });

  it('finds the hotel with the region filter in cards, then in the table (chosen by keyboard) with the hidden columns', async () => {
    await open('hotels', 'Hotels');
    await page.getByRole('button', { name: 'Filters' }).click();
    await choose(page.locator('#hotels-filters .field', { hasText: 'Regions' }), 'atlantic', REGION);
    await expect.poll(filtersParam).toEqual({ regions: [regionId] });
    await expect.poll(() => cardNames('hotels', 'data-hotel')).toEqual([HOTEL]);
    const card = page.locator(`[data-hotel="${HOTEL}"]`);
    expect(await card.innerText()).toMatch(/from \$145\.50 a night/);
    expect(await card.getByRole('img', { name: '4 of 5 stars' }).count()).toBe(1);
    // Stars too: a 5-star filter leaves nothing, 4 brings it back.
    await pick(page.locator('#hotels-filters .field', { hasText: 'Stars' }), ['5-star']);
    await page.getByTestId('empty-state').waitFor();
    await pick(page.locator('#hotels-filters .field', { hasText: 'Stars' }), ['5-star', '4-star']);
    await expect.poll(() => cardNames('hotels', 'data-hotel')).toEqual([HOTEL]);
    expect(await axe(page)).toEqual([]);
    await shot('62-hotels-cards-filtered');

    // The layout toggle by keyboard: focus the chosen option, arrow to the next, Space chooses it.
    const toggle = page.getByRole('group', { name: 'Layout' });
    await toggle.getByRole('button', { name: 'Cards' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Table');
    await page.keyboard.press('Space');
    await page.getByTestId('hotels-table').waitFor();
    expect(await page.getByTestId('hotels-cards').count()).toBe(0);
    await expect.poll(() => page.getByTestId('hotels-table').locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining(HOTEL)]);
    // The seed's columns: _id, slug and description hidden until chosen.
    const shown = await headers('hotels');
    expect(shown).toEqual(expect.arrayContaining(['Name', 'Region', 'Destination']));
    for (const hidden of ['ID', 'Slug', 'Description']) expect(shown).not.toContain(hidden);
    await pick(page.locator('.toolbar'), ['Slug']);
    expect(await headers('hotels')).toContain('Slug');
    expect(await page.getByTestId('hotels-table').locator('tbody tr').innerText()).toContain('e2e-vila-baleira-resort');
    expect(await axe(page)).toEqual([]);
    await shot('63-hotels-table-filtered');
  });

  it('finds the activity with the destination, category and difficulty filters, in cards and in the table', async () => {
    await open('activities', 'Activities');
    await page.getByRole('button', { name: 'Filters' }).click();
    await choose(page.locator('#activities-filters .field', { hasText: 'Destinations' }), 'porto santo', new RegExp(`^${DESTINATION}`));
    await pick(page.locator('#activities-filters .field', { hasText: 'Categories' }), ['Adventure']);
    await pick(page.locator('#activities-filters .field', { hasText: 'Difficulty' }), ['Moderate']);
    await expect.poll(filtersParam).toEqual({ destinations: [destinationId], categories: ['adventure'], difficulty: ['moderate'] });
    await expect.poll(() => cardNames('activities', 'data-activity')).toEqual([ACTIVITY]);
    expect(await page.locator(`[data-activity="${ACTIVITY}"]`).innerText()).toMatch(/2 hr 30 min · \$39\.90 per person/);
    await pick(page.locator('#activities-filters .field', { hasText: 'Difficulty' }), ['Moderate', 'Hard']);
    await page.getByTestId('empty-state').waitFor();
    await pick(page.locator('#activities-filters .field', { hasText: 'Difficulty' }), ['Moderate']);
    await expect.poll(() => cardNames('activities', 'data-activity')).toEqual([ACTIVITY]);
    await shot('64-activities-cards-filtered');

    await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'Table' }).click();
    await expect.poll(() => page.getByTestId('activities-table').locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(new RegExp(`${ACTIVITY}[\\s\\S]*${REGION}[\\s\\S]*${DESTINATION}[\\s\\S]*Adventure[\\s\\S]*Moderate`))]);
    for (const hidden of ['ID', 'Slug', 'Description']) expect(await headers('activities')).not.toContain(hidden);
  });

  it('the hotels screen in dark mode and right-to-left (Arabic)', async () => {
    await open('hotels', 'Hotels');
    await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'Cards' }).click();
    const cards = page.getByTestId('hotels-cards').locator('.record-card');
    const card = cards.first();
    await card.waitFor();
    const background = (l: Locator) => l.evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(luminance(await background(card))).toBeGreaterThan(0.8);

    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('app-dark'))).toBe(true);
    await expect.poll(async () => luminance(await background(page.locator('body')))).toBeLessThan(0.05);
    await expect.poll(async () => luminance(await background(card))).toBeLessThan(0.05);
    expect(luminance(await card.locator('h2').evaluate((e) => getComputedStyle(e).color))).toBeGreaterThan(0.6);
    expect(await axe(page)).toEqual([]);
    await shot('65-hotels-dark');

    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { name: 'الفنادق', level: 1 }).waitFor();
    // Right to left: the heading starts at the right, the first card sits right of the last one.
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(title!.x + title!.width).toBeGreaterThan(900);
    await expect.poll(() => cards.count()).toBeGreaterThan(1);
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(first!.x).toBeGreaterThan(second!.x);
    expect(await axe(page)).toEqual([]);
    await shot('66-hotels-dark-rtl');

    await page.getByTestId('language-picker').selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect.poll(async () => luminance(await background(page.locator('body')))).toBeGreaterThan(0.8);
  });

  it('a review: rated by keyboard, published, then deleted with the server message', async () => {
    await open('reviews', 'Reviews');
    await page.getByRole('button', { name: 'New review' }).click();
    const dialog = page.getByRole('dialog', { name: 'New review' });
    await dialog.getByLabel('Customer').fill('E2E Maria Santos');
    // The rating is a radio group: Tab reaches it once, arrows choose.
    await dialog.getByRole('radio', { name: '5 of 5 stars' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => dialog.getByRole('radio', { name: '4 of 5 stars' }).isChecked()).toBe(true);
    await choose(dialog.locator('.field', { hasText: 'About' }), 'porto', new RegExp(`^${DESTINATION}`));
    await dialog.getByLabel('Published').click();
    await dialog.getByLabel('Review', { exact: true }).fill('Golden beach, quiet village, lovely walk.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('Review added successfully');
    const [row] = await server.sql<{ id: string; rating: number; is_published: boolean; destination_id: string }>(
      `select id, rating, is_published, destination_id from reviews where customer_name = 'E2E Maria Santos'`,
    );
    expect(row).toMatchObject({ rating: 4, is_published: true, destination_id: destinationId });

    const tableRow = page.getByTestId('reviews-table').locator('tr', { hasText: 'E2E Maria Santos' });
    await tableRow.waitFor();
    expect(await tableRow.getByRole('img', { name: '4 of 5 stars' }).count()).toBe(1);
    expect(await axe(page)).toEqual([]);
    await tableRow.getByRole('button', { name: "Delete E2E Maria Santos's review" }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await toast('Review deleted successfully');
    await expect.poll(async () => (await server.sql(`select 1 from reviews where id = $1`, [row!.id])).length).toBe(0);
  });

  it('deleting a region still used says what uses it; the activity deletes', async () => {
    await open('regions', 'Regions');
    await page.getByRole('searchbox', { name: 'Search' }).fill('atlantic');
    const row = page.getByTestId('regions-table').locator('tr', { hasText: REGION });
    await row.getByRole('button', { name: `Delete ${REGION}` }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await toast(/This region is used by 1 destination, 1 hotel and 1 activity and cannot be deleted/);
    expect((await server.sql(`select 1 from regions where id = $1`, [regionId])).length).toBe(1);

    await open('activities', 'Activities');
    await page.getByRole('searchbox', { name: 'Search' }).fill('pico castelo');
    await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'Table' }).click();
    await page.getByTestId('activities-table').locator('tr', { hasText: ACTIVITY }).getByRole('button', { name: `Delete ${ACTIVITY}` }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await toast('Activity deleted successfully');
    await page.getByTestId('empty-state').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
