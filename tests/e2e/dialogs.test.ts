import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { axe, SHOTS, toast } from '../support/browser';
import { closeE2e, signedInHome, startE2e } from '../support/e2e';

/**
 * Dialogs and workflow buttons by keyboard (issue 21): a dialog opens on its first field, Escape
 * closes the innermost popup only, a dialog with changes asks before discarding them, and after a
 * workflow action the focus stays in the workflow; a dialog closed gives the focus back to what
 * opened it (issue 27). Also: a closed lead's follow-up cannot be
 * answered, and an enquiry day in the future is refused in the form.
 */

let server: TestServer;
let browser: Browser;
let page: Page;
let leadId: string;
const pageErrors: string[] = [];

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
/** The label of the focused field, or the focused element's name. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });
const confirmDialog = () => page.locator('.p-confirm-dialog');

describe('dialogs and workflow buttons by keyboard', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    const sales = await server.login('sales@demo.travel');
    const lead = await sales.post('/api/leads', { name: 'E2E Keyboard Lead', phone: '+971 50 555 0404', followUp: new Date(Date.now() + 60 * 60_000).toISOString() });
    expect(lead.status).toBe(201);
    leadId = lead.body.data._id;
    page = await signedInHome(browser, pageErrors, server.url, 'sales@demo.travel', { timeout: 20_000 });
    await page.goto(`${server.url}/leads/${leadId}`);
    await page.getByRole('heading', { name: 'E2E Keyboard Lead', level: 1 }).waitFor();
  });

  afterAll(() => closeE2e({ browser, server }));

  it('opens on its first field; Escape closes an open picker, not the dialog, and nothing typed is lost', async () => {
    await page.getByRole('button', { name: 'Add query' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add query' });
    await dialog.waitFor();
    await expect.poll(focused).toBe('Travel from');
    await dialog.getByLabel('Notes').fill('Maldives, ten nights, overwater villa');

    // The regions picker, opened from the keyboard, closed with Escape.
    await dialog.getByRole('combobox', { name: 'Regions' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    const panel = page.locator('.p-multiselect-panel');
    await panel.waitFor();
    await shot('dialog-01-picker-open');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Notes').inputValue()).toBe('Maldives, ten nights, overwater villa');
  });

  it('Escape on a dialog with changes asks first; keeping on editing keeps everything; discarding closes it', async () => {
    const dialog = page.getByRole('dialog', { name: 'Add query' });
    await dialog.getByLabel('Notes').focus();
    await page.keyboard.press('Escape');
    await confirmDialog().getByText('Discard your changes?').waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('dialog-02-discard-changes');
    // Escape in the question means "no": back to the form, as it was.
    await page.keyboard.press('Escape');
    await confirmDialog().waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Notes').inputValue()).toBe('Maldives, ten nights, overwater villa');

    await page.keyboard.press('Escape');
    await confirmDialog().getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await server.sql(`select id from lead_queries where lead_id = $1`, [leadId])).toEqual([]);
    // The focus is back on what opened the dialog (issue 27), not on the page.
    await expect.poll(focused).toBe('Add query');
  });

  it('a dialog without changes closes on Escape at once', async () => {
    await page.getByRole('button', { name: 'Schedule a follow-up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a follow-up' });
    await dialog.waitFor();
    await expect.poll(focused).toBe('When');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await confirmDialog().count()).toBe(0);
    await expect.poll(focused).toBe('Schedule a follow-up');
  });

  it('after a workflow action the focus stays in the workflow, on the next step', async () => {
    const panel = page.getByTestId('workflow-panel');
    await panel.getByRole('button', { name: 'Mark contacted' }).focus();
    await page.keyboard.press('Enter');
    await toast(page, 'The lead is now Contacted');
    await expect.poll(() => panel.getAttribute('data-state')).toBe('contacted');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-event'))).toBe('QUALIFY');
    // And on through a dialog: the reason for losing it.
    await panel.getByRole('button', { name: 'Mark lost' }).focus();
    await page.keyboard.press('Enter');
    const lose = page.getByRole('dialog', { name: 'Mark E2E Keyboard Lead as lost' });
    await expect.poll(focused).toBe('Reason');
    await page.keyboard.type('Booked elsewhere');
    await lose.getByRole('button', { name: 'Mark lost' }).click();
    await expect.poll(() => panel.getAttribute('data-state')).toBe('lost');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-event'))).toBe('REOPEN');
  });

  it('a lost lead’s open follow-up waits: no "Record response" until the lead is reopened', async () => {
    const followUps = page.getByTestId('lead-follow-ups');
    await followUps.getByText('Waits until the lead is reopened').waitFor();
    expect(await followUps.getByRole('button', { name: 'Record response' }).count()).toBe(0);
    expect(await axe(page)).toEqual([]);
    await shot('dialog-03-lost-lead');
    await page.getByTestId('workflow-panel').getByRole('button', { name: 'Reopen' }).click();
    await followUps.getByRole('button', { name: 'Record response' }).waitFor();
  });

  it('refuses an enquiry day in the future in the form, under the field', async () => {
    await page.getByRole('button', { name: 'Edit contact details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit contact details' });
    const tomorrow = (await server.sql<{ d: string }>(`select to_char(now() at time zone time_zone + interval '1 day', 'YYYY-MM-DD') as d from organizations where name = 'Demo Travels'`))[0]!.d;
    await dialog.getByLabel('Enquiry date').fill(tomorrow);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Enquiry date must not be in the future').waitFor();
    await shot('dialog-04-future-enquiry');
    await page.keyboard.press('Escape');
    await confirmDialog().getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });
});
