import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, signedInHome, startE2e } from '../support/e2e';
import { openPage, PHONE } from '../support/browser';

/**
 * The main screens on a phone (390 px) in German, Russian and Japanese (issue 31): long German and
 * Russian words and Japanese line breaking must not push the page sideways, and Japanese must show
 * its glyphs on a machine without a CJK font (the web app's own Noto Sans JP). Each screen is saved
 * as `test-results/e2e/locale-<lang>-<screen>.png` to be looked at.
 */

let server: TestServer;
let browser: Browser;
const pageErrors: string[] = [];
const ids: Record<string, string> = {};

const SCREENS: { name: string; path: () => string }[] = [
  { name: 'leads', path: () => '/leads' },
  { name: 'lead', path: () => `/leads/${ids.lead}` },
  { name: 'tour-builder', path: () => '/customized-tours/new' },
  { name: 'booking-wizard', path: () => '/bookings/new' },
  { name: 'booking', path: () => `/bookings/${ids.booking}` },
  { name: 'payment-receipts', path: () => '/payment-receipts' },
  { name: 'operation', path: () => `/operations/${ids.operation}` },
  { name: 'statement', path: () => '/account/statement' },
  { name: 'cancellations', path: () => '/cancellations' },
  { name: 'work-queue', path: () => '/work-queue' },
];

beforeAll(async () => {
  ({ server, browser } = await startE2e());
  const owner = await server.login('owner@demo.travel');
  const first = async (p: string) => {
    const res = await owner.get(`/api/${p}${p.includes('?') ? '&' : '?'}limit=1`);
    expect(res.status, `${p}: ${JSON.stringify(res.body)}`).toBe(200);
    expect(res.body.data.length, p).toBeGreaterThan(0);
    return res.body.data[0]._id as string;
  };
  ids.lead = await first('leads');
  ids.booking = await first('bookings');
  ids.operation = await first('booking-operations');
});

afterAll(() => closeE2e({ browser, server }));

/** A phone signed in as the owner (in English, as a first visit is), then switched to `lang` by the seed's cookie. */
async function phoneIn(lang: string): Promise<Page> {
  const page = await signedInHome(browser, pageErrors, server.url, 'owner@demo.travel', { phone: true, timeout: 20_000 });
  await page.context().addCookies([{ name: 'i18nextLng', value: lang, url: server.url }]);
  return page;
}

/** How far the page scrolls sideways (0: it fits), and which elements reach past the screen's edge. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const el = document.scrollingElement!;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > el.clientWidth + 1 && getComputedStyle(e).position !== 'fixed' && e.offsetParent !== null)
      .slice(0, 8)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent ?? '').trim().slice(0, 40)}"`);
    return { extra: el.scrollWidth - el.clientWidth, wide };
  });

describe.each(['de', 'ru', 'ja'])('the main screens at 390 px in %s', (lang) => {
  let page: Page;
  beforeAll(async () => {
    page = await phoneIn(lang);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it.each(SCREENS)('$name fits the screen: no sideways scroll', async ({ name, path: to }) => {
    await page.goto(`${server.url}${to()}`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await page.locator('main h1, main h2').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await screenshot(page, `locale-${lang}-${name}`);
    const { extra, wide } = await overflow(page);
    expect(extra, `${lang} ${name}: ${wide.join(' | ')}`).toBeLessThanOrEqual(0);
    expect(PHONE.width).toBe(390);
  });

  it('shows no error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe('Japanese on a machine without a CJK font', () => {
  it('draws its glyphs with the web app’s Noto Sans JP, loaded for Japanese only', async () => {
    const page = await phoneIn('ja');
    try {
      await page.goto(`${server.url}/leads`);
      await page.locator('main h1').first().waitFor();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')));
      expect(loaded).toContain('Noto Sans JP');
      expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans JP"', 'リード'))).toBe(true);
    } finally {
      await page.context().close();
    }
    const english = await openPage(browser, pageErrors, { phone: true });
    try {
      await english.goto(`${server.url}/login`);
      await english.getByLabel('Email').waitFor();
      const families = await english.evaluate(() => [...document.fonts].map((f) => f.family.replace(/"/g, '')));
      expect(families).not.toContain('Noto Sans JP');
    } finally {
      await english.context().close();
    }
  });
});
