import path from 'node:path';
import { expect } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { TEST_PASSWORD } from './db-url';

/** Helpers of the end-to-end suites (Chromium via playwright-core). */

export const SHOTS = path.resolve('test-results/e2e');
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** A phone's screen (an iPhone 14's CSS pixels), for the suites that check the phone layout. */
export const PHONE = { width: 390, height: 844 };

/**
 * A page in a new light-mode context, its uncaught errors collected in `errors` (the suites expect
 * none); `E2E_DEBUG=1` prints the browser console. `bypassCSP`: axe-core is injected as a script,
 * which the app's CSP (rightly) refuses. `phone`: a 390 px touch screen.
 */
export async function openPage(browser: Browser, errors: string[], { width = 1366, height = 900, timeout = 10_000, phone = false } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: phone ? PHONE : { width, height },
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
    colorScheme: 'light',
    bypassCSP: true,
  });
  context.setDefaultTimeout(timeout);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  if (process.env.E2E_DEBUG) page.on('console', (m) => console.log('[browser]', m.type(), m.text()));
  return page;
}

/** axe-core in the page: the serious and critical violations (an empty list passes). */
export async function axe(p: Page) {
  await p.addScriptTag({ path: path.resolve('node_modules/axe-core/axe.min.js') });
  const result = await p.evaluate(async () => {
    // Colours in the middle of a transition (a theme switch, a closing menu) are neither theme's:
    // axe measures the settled page. Endless animations (spinners) never settle and are left out.
    const settling = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(settling.map((a) => a.finished.catch(() => undefined)));
    const r = await (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Relative luminance of a computed `rgb(...)` colour. */
export function luminance(rgb: string) {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export const bodyBackground = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Signs in on the sign-in page as a demo member (the test database's password). */
export async function signIn(p: Page, email: string) {
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await p.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Waits for a toast saying `text`, then closes it as a person who has read it does: a toast left
 * open covers what is under it (the page's back link, a header button), and sonner keeps it there
 * for as long as the pointer rests on it.
 */
export async function toast(p: Page, text: string | RegExp) {
  const shown = p.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  await shown.waitFor();
  // No actionability wait: the toast may already be leaving by itself.
  await shown.evaluate((el) => el.querySelector<HTMLElement>('[data-close-button]')?.click(), undefined, { timeout: 1_000 }).catch(() => undefined);
}

/**
 * A PrimeReact multi-select of fixed options in a field: open it, toggle the options, close it
 * with its close button (Escape inside a dialog would close the dialog too). Each toggle is awaited
 * before the next, since a list filter goes through the address.
 */
export async function pick(p: Page, field: Locator, options: string[]) {
  await field.locator('.p-multiselect-trigger').click();
  const panel = p.locator('.p-multiselect-panel');
  await panel.waitFor();
  for (const o of options) {
    const option = panel.getByRole('option', { name: o, exact: true });
    const was = await option.getAttribute('aria-selected');
    await option.click();
    await expect.poll(() => option.getAttribute('aria-selected')).not.toBe(was);
  }
  await panel.locator('.p-multiselect-close').click();
  await panel.waitFor({ state: 'detached' });
}

/** A PrimeReact dropdown in a field: open it, choose the option. */
export async function choose(p: Page, field: Locator, option: string) {
  await field.locator('.p-dropdown').click();
  const panel = p.locator('.p-dropdown-panel');
  await panel.getByRole('option', { name: option, exact: true }).click();
  await panel.waitFor({ state: 'detached' });
}
