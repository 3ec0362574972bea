import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, startE2e } from '../support/e2e';

/**
 * The API reference at /api/docs renders in Chromium under the app's own CSP (no bypass): its
 * script comes from this server, nothing is fetched from elsewhere, and nothing is refused.
 */
let server: TestServer;
let browser: Browser;

// The reference is the server's own page: no web app built for it.
beforeAll(async () => {
  ({ server, browser } = await startE2e({ web: false }));
});
afterAll(() => closeE2e({ browser, server }));

describe('the API reference page', () => {
  it('shows every area and a route’s answers, loading only this server’s files, with no CSP refusal', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on('console', (m) => {
      // A failed load is reported below with its address (the browser's own /favicon.ico aside).
      if ((m.type() === 'error' && !m.text().startsWith('Failed to load resource')) || /Content Security Policy/i.test(m.text())) problems.push(m.text());
    });
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${r.status()} ${r.url()}`);
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    await page.goto(`${server.url}/api/docs`);
    await page.getByRole('heading', { name: 'Travel back office API' }).first().waitFor({ timeout: 20_000 });
    for (const area of ['leads', 'vendors', 'members', 'hotels']) await page.getByText(area, { exact: true }).first().waitFor();
    await screenshot(page, 'api-docs', false);
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
