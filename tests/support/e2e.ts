import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openPage, SHOTS, signIn } from './browser';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

/**
 * The set-up every end-to-end file shares: one server serving the built web app, one Chromium, the
 * screenshots' folder, pages signed in as a demo member. A file keeps its own `let server`,
 * `let browser` and its data; these replace the lines each file used to copy.
 *
 * ```ts
 * beforeAll(async () => {
 *   ({ server, browser } = await startE2e({ queue: true }));
 *   page = await signedInAt(browser, pageErrors, `${server.url}/vendors`, 'owner@demo.travel');
 * });
 * afterAll(() => closeE2e({ browser, server }));
 * ```
 */
export interface E2e {
  server: TestServer;
  browser: Browser;
}

/** `openPage`'s options, and `now`: the page's clock fixed there (the server's test clock's day) before it opens anything. */
export type PageOptions = NonNullable<Parameters<typeof openPage>[2]> & { now?: string | Date };

/** A new page (its own session), its clock fixed at `now` when given. Uncaught errors go to `errors`. */
export async function newPage(browser: Browser, errors: string[], { now, ...options }: PageOptions = {}): Promise<Page> {
  const page = await openPage(browser, errors, options);
  if (now !== undefined) await page.clock.setFixedTime(new Date(now));
  return page;
}

/** A screenshot into `SHOTS` as `<name>.png`, the whole page unless `fullPage` is false. */
export const screenshot = (p: Page, name: string, fullPage = true) => p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });

/** The test server with the web app (`web: true` unless said otherwise), then Chromium; `SHOTS` exists. */
export async function startE2e(options: TestServerOptions = {}): Promise<E2e> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const server = await startTestServer({ web: true, ...options });
  const browser = await launchChromium();
  return { server, browser };
}

/** Closes what `startE2e` started (the browser first), and whatever else the file started (an SMTP sink, a fake model). */
export async function closeE2e({ browser, server }: Partial<E2e>, ...others: ({ close(): Promise<unknown> } | undefined)[]) {
  await browser?.close();
  await Promise.all([server?.close(), ...others.map((o) => o?.close())]);
}

/**
 * A new page that opens `address`, is sent to the sign-in page (the deep link kept) and signs in as
 * `email`; the caller waits for where it expects to land. Uncaught errors go to `errors`.
 */
export async function signedInAt(browser: Browser, errors: string[], address: string, email: string, options?: PageOptions): Promise<Page> {
  const page = await newPage(browser, errors, options);
  await page.goto(address);
  await page.waitForURL(/\/login/);
  await signIn(page, email);
  return page;
}

/** A new page signed in as `email` from the sign-in page, on its home ("My day"). Uncaught errors go to `errors`. */
export async function signedInHome(browser: Browser, errors: string[], url: string, email: string, options?: PageOptions): Promise<Page> {
  const page = await newPage(browser, errors, options);
  await page.goto(`${url}/login`);
  await signIn(page, email);
  await page.getByRole('heading', { name: 'My day', level: 1 }).waitFor();
  return page;
}
