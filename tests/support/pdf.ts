import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** The text of a PDF as poppler's pdftotext reads it (reading order), bidi control characters left out. */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8').replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}

/** Page images of a PDF (pdftoppm), kept under test-results/ for people to look at. */
export function pdfPages(pdf: Buffer, name: string, dir = 'test-results/documents'): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(os.tmpdir(), `${name}-${process.pid}.pdf`);
  fs.writeFileSync(tmp, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '80', tmp, path.join(dir, name)]);
  fs.rmSync(tmp);
  return fs.readdirSync(dir).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png')).map((f) => path.join(dir, f));
}

/** Number of pages (pdfinfo). */
export function pdfPageCount(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString();
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
}

/**
 * pdftotext puts the space beside a number inside Arabic text on one side or the other of it
 * (`شهر  11سنة`): with one space between Arabic letters and digits, and runs of spaces as one,
 * the words can be compared in reading order.
 */
export function spacedNumbers(text: string): string {
  return text
    .replace(/([\u0600-\u06ff])(\d)/g, '$1 $2')
    .replace(/(\d)([\u0600-\u06ff])/g, '$1 $2')
    .replace(/[ \t]+/g, ' ');
}

/** Text with its no-break spaces plain and runs of spaces as one: money as a screen shows it and as a PDF prints it compare. */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ').replace(/[ \t]+/g, ' ');
}

/**
 * A PDF a browser page links to, fetched through the page's own session (its cookies; `href`
 * relative to the page's address) and read back: its text (pdfText) and its page images, written
 * under test-results/documents as `name` for a person to look at.
 */
export async function pdfThroughPage(page: Page, href: string, name: string): Promise<{ bytes: Buffer; text: string; pages: string[] }> {
  const answer = await page.request.get(new URL(href, page.url()).href);
  const type = answer.headers()['content-type'];
  if (answer.status() !== 200 || type !== 'application/pdf') throw new Error(`${href}: ${answer.status()} ${type}: ${(await answer.text()).slice(0, 300)}`);
  const bytes = await answer.body();
  return { bytes, text: pdfText(bytes), pages: pdfPages(bytes, name) };
}

/** What a screen's detail list (dt/dd) shows beside `label`, spaces plain: to find in a PDF's text as the screen showed it. */
export async function shownBeside(list: Locator, label: string): Promise<string> {
  return plainSpaces(await list.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`).innerText());
}
