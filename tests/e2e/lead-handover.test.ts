import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, startE2e } from '../support/e2e';
import { choose, openPage, PHONE, signIn, toast } from '../support/browser';

/**
 * A sales agent who sees only his own leads gives a lead to a colleague (issue 27), as he creates it
 * or later from its page: he stays on (goes back to) his leads, told whose it now is, and nothing
 * asks the server for the lead he may no longer see (no "Lead not found", no "This page does not exist").
 */
let server: TestServer;
let browser: Browser;
const pageErrors: string[] = [];

/** A page signed in as the sales agent in `language`, recording every refused API call. */
async function salesPage(language: 'en' | 'ae', width: number, at: string) {
  const p = await openPage(browser, pageErrors, width === PHONE.width ? { ...PHONE, phone: true } : {});
  const refused: string[] = [];
  p.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400 && !r.url().endsWith('/api/auth/me')) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  await p.goto(`${server.url}/preferences`);
  await p.waitForURL(/\/login/);
  await signIn(p, 'sales@demo.travel');
  await p.waitForURL((u) => u.pathname === '/preferences');
  // The member's language, chosen as a person does (the preferences page has the picker on a phone too).
  await p.getByTestId('language-picker').first().selectOption(language);
  await expect.poll(() => p.evaluate(() => document.documentElement.dir)).toBe(language === 'ae' ? 'rtl' : 'ltr');
  await p.goto(`${server.url}${at}`);
  return { p, refused };
}

async function noLeadNotFound(p: Page, refused: string[]) {
  const toasts = await p.locator('[data-sonner-toast]').allInnerTexts();
  expect(toasts.join(' | ')).not.toMatch(/not found|غير موجود|لم يتم العثور/i);
  expect(await p.getByText('This page does not exist').count()).toBe(0);
  expect(refused).toEqual([]);
}

const ownerOf = async (name: string) => (await server.sql<{ email: string }>(`select m.email from leads l join members m on m.id = l.assigned_to where l.name = $1`, [name]))[0]!.email;

describe('a lead given to a colleague by a sales agent who sees only his own (issue 27)', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
  });
  afterAll(() => closeE2e({ browser, server }));

  it('a new lead made for a colleague: the agent stays on his list, told it is theirs (English, desktop)', async () => {
    const { p, refused } = await salesPage('en', 1366, '/leads');
    await p.getByRole('button', { name: 'New lead' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByLabel('Name').fill('E2E Handover New');
    await dialog.getByLabel('Phone').first().fill('+971 50 555 0701');
    await choose(p, dialog.locator('.field', { hasText: 'Owner' }), 'Lina Haddad');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(p, 'E2E Handover New was created for Lina Haddad: it is among their leads, not yours.');
    expect(new URL(p.url()).pathname).toBe('/leads');
    await p.getByTestId('leads-table').waitFor();
    await screenshot(p, 'lead-created-for-colleague-en', false);
    await noLeadNotFound(p, refused);
    expect(await ownerOf('E2E Handover New')).toBe('lina@demo.travel');
    await p.context().close();
    expect(pageErrors).toEqual([]);
  });

  it('a lead handed over from its page: back on the list, told whose it is (Arabic, phone)', async () => {
    const sales = await server.login('sales@demo.travel');
    const created = await sales.post('/api/leads', { name: 'E2E Handover Later', phone: '+971 50 555 0702', source: 'phone' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const at = `/leads/${created.body.data._id}`;
    const { p, refused } = await salesPage('ae', PHONE.width, at);
    await p.getByRole('heading', { name: 'E2E Handover Later', level: 1 }).waitFor();
    const card = p.getByTestId('lead-owner');
    await choose(p, card, 'Lina Haddad');
    await card.locator('button.p-button').last().click();
    await p.waitForURL((u) => u.pathname === '/leads');
    await p.locator('[data-sonner-toast]').filter({ hasText: 'أصبح E2E Handover Later الآن من مسؤولية Lina Haddad' }).first().waitFor();
    await p.locator('h1').first().waitFor();
    await screenshot(p, 'lead-handed-over-ae-390', false);
    await noLeadNotFound(p, refused);
    expect(await ownerOf('E2E Handover Later')).toBe('lina@demo.travel');
    await p.context().close();
    expect(pageErrors).toEqual([]);
  });
});
