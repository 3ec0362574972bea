import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { axe, SHOTS, toast as toastOn } from '../support/browser';
import { closeE2e, signedInAt, startE2e } from '../support/e2e';
import { pdfText } from '../support/pdf';
import { testLogo } from '../support/png';

/**
 * Documents in Chromium: the owner sends a receipt from the journal (no mail server is set, so it
 * is kept in the outbox), opens it in the outbox, downloads its .eml and the PDF; the email
 * settings' test reports the server's answer; the same screens right to left in Arabic.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
let number: string;

describe('documents in Chromium', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e({ queue: true, env: { OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' } }));
    const owner = await server.login('owner@demo.travel');
    number = (await owner.post('/api/budget/income', { amount: 7_500, date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), paymentMethod: 'card', description: 'E2E receipt to send' })).body.data.number;
    page = await signedInAt(browser, pageErrors, `${server.url}/account/journal`, 'owner@demo.travel');
    await page.waitForURL(/\/account\/journal$/);
  });

  afterAll(() => closeE2e({ browser, server }));

  it('sends a receipt from the journal; without a mail server it waits in the outbox', async () => {
    const row = page.getByTestId('journal-table').locator('tr', { hasText: number });
    await row.getByRole('link', { name: `Open the receipt ${number} as PDF` }).waitFor();
    await row.getByRole('button', { name: `Send the receipt ${number} by email` }).click();
    const dialog = page.getByRole('dialog', { name: `Send receipt ${number}` });
    await dialog.getByText('Not sent yet.').waitFor();

    // A bad address is shown under its field, by the server's rules as the form's.
    await dialog.getByLabel('To').fill('not an address');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByText(/valid email address/).waitFor();
    await dialog.getByLabel('To').fill('customer@example.com');
    await dialog.getByLabel('Cc').fill('accounts@example.com');
    await dialog.getByLabel('Message').fill('Thank you for the payment.');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('Bank reference 42') });
    expect(await axe(page)).toEqual([]);
    await shot('90-send-receipt');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await toastOn(page, 'No mail server is set, so the email was not sent: it waits in the outbox.');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/configurations/outbox`);
    await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
    const message = page.getByTestId('outbox-table').locator('tr', { hasText: 'customer@example.com' });
    await message.getByText('Waiting in the outbox').waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('91-outbox');
    await message.click();
    const open = page.getByTestId('outbox-message');
    await open.getByText('Thank you for the payment.').waitFor();
    await open.getByRole('link', { name: `${number}.pdf` }).waitFor();
    await open.getByRole('link', { name: 'note.txt' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('92-outbox-message');
    const [download] = await Promise.all([page.waitForEvent('download'), open.getByRole('link', { name: 'Download as .eml' }).click()]);
    const eml = fs.readFileSync((await download.path())!).toString();
    expect(eml).toContain('To: customer@example.com');
    expect(eml).toContain(`Subject: Receipt ${number} from Demo Travels`);
    const pdf = await page.evaluate(async (href) => Array.from(new Uint8Array(await (await fetch(href)).arrayBuffer())), (await open.getByRole('link', { name: `${number}.pdf` }).getAttribute('href'))!);
    expect(pdfText(Buffer.from(pdf))).toContain(number);
    await page.keyboard.press('Escape');
  });

  it('prints the organization’s logo and address: uploaded and saved on the organization page', async () => {
    await page.goto(`${server.url}/organization`);
    await page.getByRole('heading', { name: 'Documents', level: 2 }).waitFor();
    await page.getByText('No logo').waitFor();
    await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: testLogo() });
    await toastOn(page, 'Logo saved');
    await page.getByTestId('organization-logo').waitFor();
    // A file that is not what it says is refused under the field, in the member's words.
    await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await page.getByText('is not a PNG image, as its type says').waitFor();
    await page.getByLabel('Address (printed on documents)').fill('Office 1204, Bay Square 3\nBusiness Bay, Dubai');
    await page.getByRole('button', { name: 'Save' }).click();
    await toastOn(page, 'Organization saved');
    expect(await axe(page)).toEqual([]);
    await shot('95-organization-logo');
  });

  it('previews a package’s brochure on its page and sends it; without a mail server it waits in the outbox', async () => {
    const owner = await server.login('owner@demo.travel');
    const [tour] = (await owner.get('/api/personalized-tours?limit=1')).body.data;
    await page.goto(`${server.url}/personalized-tours/${tour._id}`);
    const brochure = page.getByTestId('personalized-brochure');
    await brochure.getByRole('heading', { name: 'Brochure' }).waitFor();
    const first = brochure.getByTestId('document-page').first();
    await first.waitFor();
    // The page is drawn, not blank: many pixels are neither white nor transparent.
    const inked = await first.evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 700) n++;
      return n / (canvas.width * canvas.height);
    });
    expect(inked).toBeGreaterThan(0.05);
    const href = (await brochure.getByRole('link', { name: 'Open the PDF' }).getAttribute('href'))!;
    expect(href).toBe(`/api/personalized-tours/${tour._id}/pdf?lang=en`);
    // The brochure carries what the organization page saved.
    const file = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), href);
    expect(pdfText(Buffer.from(file))).toContain('Office 1204, Bay Square 3 · Business Bay, Dubai');
    expect(await axe(page)).toEqual([]);
    await shot('96-package-brochure');

    await brochure.getByRole('button', { name: 'Send the brochure' }).click();
    const dialog = page.getByRole('dialog', { name: `Send brochure ${tour.title}` });
    await dialog.getByLabel('To').fill('traveller@example.com');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await toastOn(page, 'No mail server is set, so the email was not sent: it waits in the outbox.');
    await dialog.waitFor({ state: 'detached' });
    await brochure.getByTestId('document-send').filter({ hasText: 'traveller@example.com' }).getByText('Waiting in the outbox').waitFor();

    await page.goto(`${server.url}/configurations/outbox`);
    await page.getByTestId('outbox-table').locator('tr', { hasText: 'traveller@example.com' }).getByText(tour.title).first().waitFor();
  });

  it('tests the email settings and shows the server answer', async () => {
    await page.goto(`${server.url}/configurations`);
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByLabel('SMTP host').fill('127.0.0.1');
    await page.getByLabel('Port').fill('1');
    await page.getByLabel('Sender email').fill('trips@demo.travel');
    await page.getByRole('form', { name: 'Email' }).getByRole('button', { name: 'Save' }).click();
    await toastOn(page, /saved/i);
    await page.getByLabel('Send the test to').fill('me@example.com');
    await page.getByRole('button', { name: 'Send a test email' }).click();
    await page.getByRole('status').getByText(/The mail server did not accept the test email\. The server answered: The mail server could not be used/).waitFor({ timeout: 30_000 });
    expect(JSON.stringify(await axe(page))).toBe('[]');
    await shot('93-email-settings-test');
  });

  it('reads right to left in Arabic', async () => {
    await page.goto(`${server.url}/configurations/outbox`);
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { name: 'صندوق الصادر', level: 1 }).waitFor();
    await page.getByTestId('outbox-table').getByText('في صندوق الصادر').first().waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('94-outbox-rtl');
    expect(pageErrors).toEqual([]);
  });
});
