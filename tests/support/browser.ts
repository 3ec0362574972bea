import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Helpers of the end-to-end suites (Chromium via playwright-core). */

export const SHOTS = path.resolve('test-results/e2e');
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** axe-core in the page: the serious and critical violations (an empty list passes). */
export async function axe(p: Page) {
  await p.addScriptTag({ path: path.resolve('node_modules/axe-core/axe.min.js') });
  const result = await p.evaluate(async () => {
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
