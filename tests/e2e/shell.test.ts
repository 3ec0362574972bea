import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { closeE2e, newPage, screenshot, signedInHome, startE2e } from '../support/e2e';
import { axe, bodyBackground, luminance, signIn } from '../support/browser';

const ADMIN_MODULES = ['members', 'roles', 'modules', 'organization', 'configurations'];

let server: TestServer;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];

async function shot(name: string) {
  await screenshot(page, name);
}

async function menuKeys(p: Page) {
  await p.locator('[data-testid=nav-menu] a').first().waitFor();
  // The modules' own entries (a screen that follows its module, as credit notes follow cancellations, is `data-screen`).
  return p.locator('[data-testid=nav-menu] a[data-module]').evaluateAll((as) => as.map((a) => a.getAttribute('data-module')));
}

async function ownerModuleOrder() {
  const rows = await server.sql<{ key: string }>(
    `select m.key from modules m join organizations o on o.id = m.organization_id
     where o.name = 'Demo Travels' and m.is_active order by m.position`,
  );
  return rows.map((r) => r.key);
}


describe('web app shell in Chromium', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    // Not signed in: the first test follows a stranger to the sign-in page.
    page = await newPage(browser, consoleErrors, { height: 860 });
  });

  afterAll(() => closeE2e({ browser, server }));

  it('sends strangers to /login, keeps the deep link, and the sign-in page passes axe', async () => {
    await page.goto(`${server.url}/roles`);
    await page.waitForURL(/\/login\?next=%2Froles/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await axe(page)).toEqual([]);
    await shot('01-sign-in');

    await page.getByLabel('Email').fill('owner@demo.travel');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).count()).toBeGreaterThan(0);

    await signIn(page, 'owner@demo.travel');
    await page.waitForURL(/\/roles$/);
    await page.getByRole('heading', { name: 'Roles' }).waitFor();
  });

  it('the menu shows the modules in their saved order, and the shell passes axe', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'My day', level: 1 }).waitFor();
    expect(await menuKeys(page)).toEqual(await ownerModuleOrder());
    expect(await axe(page)).toEqual([]);
    await shot('02-dashboard');
  });

  it('switches to dark (the page really turns dark) and back', async () => {
    const lightBg = await bodyBackground(page);
    expect(luminance(lightBg)).toBeGreaterThan(0.8);

    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('app-dark'))).toBe(true);
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeLessThan(0.05);
    expect(await axe(page)).toEqual([]);
    await shot('03-dashboard-dark');

    // It survives a reload (local storage) and is saved on the server.
    await page.reload();
    await page.getByRole('heading', { name: 'My day', level: 1 }).waitFor();
    expect(luminance(await bodyBackground(page))).toBeLessThan(0.05);
    await expect
      .poll(async () => (await server.sql<{ theme: string }>(`select preferences->>'theme' as theme from members where email = 'owner@demo.travel'`))[0]?.theme)
      .toBe('dark');

    await page.getByTestId('theme-switch').click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect.poll(async () => luminance(await bodyBackground(page))).toBeGreaterThan(0.8);
  });

  it('switches to Arabic (right-to-left, translated menu) and back', async () => {
    await page.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await expect.poll(() => page.locator('[data-testid=nav-menu] a[data-module=members]').innerText()).toBe('الأعضاء');
    expect(await page.evaluate(() => document.cookie)).toContain('i18nextLng=ae');
    // The menu sits on the right in right-to-left.
    const nav = await page.locator('nav.sidebar').boundingBox();
    expect(nav!.x).toBeGreaterThan(600);
    expect(await axe(page)).toEqual([]);
    await shot('04-dashboard-arabic');

    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    await page.getByTestId('language-picker').selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await expect.poll(() => page.locator('[data-testid=nav-menu] a[data-module=members]').innerText()).toBe('Members');
  });

  it('admin screens: members as cards then a table, roles with the first role selected, organization, configurations', async () => {
    await page.locator('[data-testid=nav-menu] a[data-module=members]').click();
    await page.getByTestId('members-cards').waitFor();
    expect(await page.getByTestId('members-cards').getByRole('button').count()).toBe(6);
    await shot('05-members-cards');
    await page.getByRole('button', { name: 'Sales list' }).click();
    await expect.poll(() => page.getByTestId('members-cards').getByRole('button').count()).toBe(3);
    await page.getByText('Table', { exact: true }).click();
    await page.getByTestId('members-table').waitFor();
    await shot('06-members-table');

    await page.locator('[data-testid=nav-menu] a[data-module=roles]').click();
    await page.getByTestId('role-editor').waitFor();
    expect(await page.locator('.role-list button[aria-current=true]').innerText()).toContain('Owner');
    await page.locator('.role-list button', { hasText: 'Sales agent' }).click();
    const vendorsView = page.getByRole('checkbox', { name: 'Vendors: View' });
    await expect.poll(() => vendorsView.isChecked()).toBe(false);
    await vendorsView.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Role saved').waitFor();
    const [sales] = await server.sql<{ permissions: Record<string, string[]> }>(`select permissions from roles where name = 'Sales agent' and organization_id = (select organization_id from members where email = 'owner@demo.travel')`);
    expect(sales!.permissions.vendors).toEqual(['view']);
    await shot('07-roles');

    await page.locator('[data-testid=nav-menu] a[data-module=organization]').click();
    await page.getByTestId('color-preview').waitFor();
    await shot('08-organization');

    await page.locator('[data-testid=nav-menu] a[data-module=configurations]').click();
    await page.getByRole('tab', { name: 'Email' }).waitFor();
    await shot('09-configurations');
  });

  it('reorders a module and the menu follows, also after a reload', async () => {
    await page.locator('[data-testid=nav-menu] a[data-module=modules]').click();
    await page.getByTestId('module-list').waitFor();
    await shot('10-modules');
    const before = await menuKeys(page);
    expect(before.slice(0, 2)).toEqual(['dashboard', 'leads']);
    await page.getByRole('button', { name: 'Move Leads up' }).click();
    await expect.poll(async () => (await menuKeys(page)).slice(0, 2)).toEqual(['leads', 'dashboard']);
    await page.getByText('Menu order saved').waitFor();
    await page.reload();
    await page.getByTestId('module-list').waitFor();
    expect((await menuKeys(page)).slice(0, 2)).toEqual(['leads', 'dashboard']);
    expect((await ownerModuleOrder()).slice(0, 2)).toEqual(['leads', 'dashboard']);
  });

  it('a session ended on the server: the next click lands on /login with the toast, and sign-in returns there', async () => {
    await server.sql(`update sessions set revoked_at = now() where revoked_at is null`);
    await page.locator('[data-testid=nav-menu] a[data-module=members]').click();
    await page.waitForURL(/\/login\?next=%2Fmembers/);
    await page.getByText('Unauthorized! Please log in again.').waitFor();
    await shot('11-session-ended');
    await signIn(page, 'owner@demo.travel');
    await page.waitForURL(/\/members$/);
    // The table layout chosen earlier is remembered on this device.
    await page.getByTestId('members-table').waitFor();
  });

  it('a sales member does not see the admin screens', async () => {
    const p = await signedInHome(browser, consoleErrors, server.url, 'sales@demo.travel', { width: 1280, height: 800 });
    try {
      const keys = await menuKeys(p);
      expect(keys).toContain('leads');
      for (const m of ADMIN_MODULES) expect(keys).not.toContain(m);
      await p.goto(`${server.url}/members`);
      await p.getByText('You do not have access to this page.').waitFor();
      await screenshot(p, '12-sales-forbidden', false);
    } finally {
      await p.context().close();
    }
  });

  it('changes the menu and the layout in preferences: applied at once, kept after a reload and on the server', async () => {
    await page.goto(`${server.url}/preferences`);
    await page.getByRole('group', { name: 'Menu' }).getByText('Horizontal', { exact: true }).click();
    await page.getByRole('group', { name: 'Layout' }).getByText('Boxed', { exact: true }).click();
    await page.locator('.layout.layout--menu-horizontal.layout--boxed').waitFor();
    await page.reload();
    await page.locator('.layout.layout--menu-horizontal.layout--boxed').waitFor();
    await shot('13-horizontal-boxed');
    await expect
      .poll(async () => (await server.sql<{ p: { menu: string; layout: string } }>(`select preferences as p from members where email = 'owner@demo.travel'`))[0]!.p)
      .toMatchObject({ menu: 'horizontal', layout: 'boxed' });
    await page.getByRole('group', { name: 'Menu' }).getByText('Vertical', { exact: true }).click();
    await page.getByRole('group', { name: 'Layout' }).getByText('Full width', { exact: true }).click();
    await page.locator('.layout.layout--menu-vertical:not(.layout--boxed)').waitFor();
  });

  it('signs out from the member menu', async () => {
    await page.getByTestId('member-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login/);
    expect(consoleErrors).toEqual([]);
  });
});
