import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Agent } from '../support/agent';
import { axe, choose } from '../support/browser';
import { pdfPages, pdfText } from '../support/pdf';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, signedInAt, startE2e } from '../support/e2e';

/**
 * The itinerary in Chromium: the tour page previews it (language, open as PDF), Send opens the send
 * dialog pre-filled with the lead's email and the organization's message, and the email (no mail
 * server set) waits in the outbox with the PDF; the tour is sent and the lead quoted. The
 * itinerary's pages in English, Arabic and Japanese are kept as images in test-results/documents/.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
let owner: Agent;
const pageErrors: string[] = [];
const shot = (name: string) => screenshot(page, name);
const TITLE = 'Dubai and Abu Dhabi, e2e';
let tour: { _id: string; totals: { sell: number } };
let lead: { _id: string; email: string; name: string };

describe('the itinerary in Chromium', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e({ queue: true }));
    owner = await server.login('owner@demo.travel');
    await owner.put('/api/configurations/customized-tour', { emailMessage: 'Dear {{name}},\n\nHere is {{title}}, as we discussed.\n\n{{organization}}' });
    lead = (await owner.post('/api/leads', { name: 'Hana Itinerary', phone: '+971 55 123 4567', email: 'hana@customers.example' })).body.data;
    const [orgRow] = await server.sql<{ id: string }>(`select id from organizations where name = 'Demo Travels'`);
    const [place] = await server.sql<{ destination: string; hotel: string; room: string }>(
      `select d.id as destination, h.id as hotel, h.room_types->0->>'name' as room from destinations d join hotels h on h.destination_id = d.id where d.organization_id = $1 and d.name = 'Dubai' order by h.slug limit 1`,
      [orgRow.id],
    );
    const res = await owner.post('/api/customized-tours', {
      leadId: lead._id,
      title: TITLE,
      departure: '2027-03-01',
      arrival: '2027-03-03',
      adults: 2,
      days: [
        { date: '2027-03-01', destinationId: place.destination, hotelId: place.hotel, roomType: place.room, meals: ['breakfast'], transfers: 'Airport pick-up' },
        { date: '2027-03-02', destinationId: place.destination, hotelId: place.hotel, roomType: place.room, notes: 'Dhow cruise at sunset' },
        { date: '2027-03-03', destinationId: place.destination, notes: 'Fly home' },
      ],
      lines: [{ kind: 'hotels', dayNumber: 1, description: 'Two nights', hotelId: place.hotel, roomType: place.room, quantity: 2, unit: 'per-room-night', unitCost: 50_000, markupType: 'percent', markup: 2000 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    tour = res.body.data;
    page = await signedInAt(browser, pageErrors, `${server.url}/customized-tours/${tour._id}`, 'owner@demo.travel');
    await page.waitForURL(/\/customized-tours\//);
  });

  afterAll(() => closeE2e({ browser, server }));

  it('previews the itinerary on the tour page, in the language chosen', async () => {
    const section = page.getByTestId('tour-itinerary');
    await section.getByRole('heading', { name: 'Itinerary', level: 2 }).waitFor();
    await section.getByTestId('document-page').first().waitFor();
    expect(await section.getByRole('link', { name: 'Open the PDF' }).getAttribute('href')).toBe(`/api/customized-tours/${tour._id}/pdf?lang=en`);
    await choose(page, section.locator('.field', { hasText: 'Language' }), 'العربية (Arabic)');
    await expect.poll(() => section.getByRole('link', { name: 'Open the PDF' }).getAttribute('href')).toBe(`/api/customized-tours/${tour._id}/pdf?lang=ae`);
    await section.getByTestId('document-page').first().waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('96-tour-itinerary');

    // The pages as the customer gets them, in three scripts, kept for people to look at.
    for (const lang of ['en', 'ae', 'ja']) {
      const bytes = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), `/api/customized-tours/${tour._id}/pdf?lang=${lang}`);
      const file = Buffer.from(bytes);
      expect(pdfPages(file, `itinerary-e2e-${lang}`).length).toBeGreaterThan(0);
      expect(pdfText(file)).toContain(TITLE);
    }
  });

  it('sends it from the workflow panel: pre-filled, kept in the outbox without a mail server; the tour is sent and the lead quoted', async () => {
    await page.getByTestId('workflow-panel').getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: `Send itinerary ${TITLE} · Version 1` });
    await expect.poll(() => dialog.getByLabel('To').inputValue()).toBe(lead.email);
    expect(await dialog.getByLabel('Message').inputValue()).toBe(`Dear ${lead.name},\n\nHere is ${TITLE}, as we discussed.\n\nDemo Travels`);
    expect(await axe(page)).toEqual([]);
    await shot('97-send-itinerary');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    // Nothing has gone yet: not a green "sent" but a neutral note that the email waits, with the way to the outbox.
    const waiting = page.locator('[data-sonner-toast]').filter({ hasText: 'No mail server is set, so the email was not sent: it waits in the outbox.' });
    await waiting.waitFor();
    expect(await waiting.getAttribute('data-type')).toBe('info');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('workflow-panel').getAttribute('data-state')).toBe('sent');
    await page.getByTestId('tour-itinerary').getByTestId('document-send').filter({ hasText: lead.email }).getByText('Waiting in the outbox').waitFor();
    // The version the customer is to get says its email waits: written, not sent.
    const version = page.getByTestId('tour-versions').locator('[data-version="1"]');
    await version.getByText('Waiting in the outbox').waitFor();
    expect(await version.innerText()).toMatch(/written .+ by Olivia/);
    await shot('97b-itinerary-waiting-in-outbox');
    await waiting.getByRole('button', { name: 'Open the outbox' }).click();
    await page.waitForURL(`${server.url}/configurations/outbox`);
    const [row] = await server.sql<{ status: string; lead: string }>(`select t.status, l.status as lead from customized_tours t join leads l on l.id = t.lead_id where t.id = $1`, [tour._id]);
    expect(row).toEqual({ status: 'sent', lead: 'quoted' });
    // The language chosen for the preview was the email's.
    expect(await server.sql(`select language, version from document_sends where record_id = $1`, [tour._id])).toEqual([{ language: 'ae', version: 1 }]);

    await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
    const message = page.getByTestId('outbox-table').locator('tr', { hasText: lead.email });
    await message.getByText('Waiting in the outbox').waitFor();
    await message.click();
    const open = page.getByTestId('outbox-message');
    await open.getByText('as we discussed.').waitFor();
    const link = open.getByRole('link', { name: /\.pdf$/ });
    const pdf = await page.evaluate(async (href) => Array.from(new Uint8Array(await (await fetch(href)).arrayBuffer())), (await link.getAttribute('href'))!);
    expect(pdfText(Buffer.from(pdf))).toContain(TITLE);
    await shot('98-itinerary-in-outbox');
    expect(pageErrors).toEqual([]);
  });

  it('fits a 390 px phone in Arabic and dark mode: the preview, the language and the emails', async () => {
    await page.goto(`${server.url}/customized-tours/${tour._id}`);
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'داكن' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('app-dark'))).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.locator('header.topbar button[aria-controls=main-menu]');
    if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
    const section = page.getByTestId('tour-itinerary');
    await section.getByRole('heading', { name: 'برنامج الرحلة', level: 2 }).waitFor();
    await section.getByTestId('document-page').first().waitFor();
    await section.getByTestId('document-send').first().waitFor();
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid=tour-itinerary], [data-testid=tour-itinerary] *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 || e.getBoundingClientRect().left < -0.5)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().left)}..${Math.round(e.getBoundingClientRect().right)}`),
    );
    expect(wider).toEqual([]);
    expect(await axe(page)).toEqual([]);
    await shot('99-tour-itinerary-phone-rtl-dark');
    expect(pageErrors).toEqual([]);
  });
});
