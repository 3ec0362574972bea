import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_OPERATOR } from '../../server/platform/seed';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, startE2e } from '../support/e2e';
import { TEST_PASSWORD } from '../support/db-url';
import { axe, bodyBackground, choose, luminance, openPage, toast } from '../support/browser';

/**
 * The platform console in Chromium (issue 19): the operator signs in, onboards an organization,
 * its owner follows the invitation, sets a password and signs in; the operator expires the
 * subscription and the owner's next write is refused. The console in dark mode, in Arabic and by
 * keyboard.
 */
let server: TestServer;
let browser: Browser;
let operator: Page;
let owner: Page;
const pageErrors: string[] = [];
let invitation = '';

const NAME = 'E2E Oasis Journeys';
const OWNER = { name: 'Omar Oasis', email: 'omar@oasis.example', password: 'oasis-owner-password' };

const shot = (p: Page, name: string) => screenshot(p, name);

describe('the platform console in Chromium', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    operator = await openPage(browser, pageErrors);
    owner = await openPage(browser, pageErrors);
  });

  afterAll(() => closeE2e({ browser, server }));

  it('sends a stranger to the console’s own sign-in; the operator signs in and sees the organizations', async () => {
    await operator.goto(`${server.url}/console`);
    await operator.waitForURL(/\/console\/login$/);
    await operator.getByRole('heading', { name: 'Sign in to the platform console' }).waitFor();
    expect(await axe(operator)).toEqual([]);

    // A member's password does not open the console.
    await operator.getByLabel('Email').fill('owner@demo.travel');
    await operator.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await operator.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();

    await operator.getByLabel('Email').fill(DEMO_OPERATOR.email);
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await operator.waitForURL(/\/console$/);
    await operator.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
    const table = operator.getByTestId('platform-organizations-table');
    await table.getByRole('link', { name: 'Demo Travels' }).waitFor();
    // No organization's menu in the console.
    expect(await operator.getByTestId('nav-menu').count()).toBe(0);
    const demoRow = table.locator('tr', { has: operator.getByRole('link', { name: 'Demo Travels' }) });
    expect(await demoRow.innerText()).toContain('6 / 25');
    expect(await axe(operator)).toEqual([]);
    await shot(operator, 'platform-01-organizations');
  });

  it('onboards an organization and shows the owner’s invitation link', async () => {
    await operator.getByRole('button', { name: 'New organization' }).click();
    const dialog = operator.getByRole('dialog', { name: 'New organization' });
    await dialog.waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill(NAME);
    await dialog.getByLabel('Currency').fill('AED');
    await choose(operator, dialog.locator('.field', { hasText: 'Time zone' }), 'UTC');
    await dialog.getByLabel('Owner’s name').fill(OWNER.name);
    await dialog.getByLabel('Owner’s email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Owner’s email must be a valid email address').waitFor();
    await dialog.getByLabel('Owner’s email').fill(OWNER.email);
    await choose(operator, dialog.locator('.field', { hasText: 'Plan' }), 'Business');
    await dialog.getByLabel('Seats').fill('3');
    await choose(operator, dialog.locator('.field', { hasText: 'Status' }), 'Active');
    expect(await axe(operator)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();

    const done = operator.getByRole('dialog', { name: `${NAME} is ready` });
    await done.waitFor();
    invitation = await done.getByLabel('Invitation link').inputValue();
    expect(invitation).toMatch(new RegExp(`^${server.url}/invitation#[A-Za-z0-9_-]{43}$`));
    await done.getByText('hand this link over').waitFor();
    await shot(operator, 'platform-02-invitation');
    await done.getByRole('button', { name: 'Open the organization' }).click();
    await operator.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await operator.getByTestId('platform-members-table').getByText(OWNER.email).waitFor();
    expect(await operator.getByTestId('subscription-form').innerText()).toContain('1 / 3');

    // The link was lost: a new one from the members' list; the first stops working, the owner uses the new one.
    // Asked first (issue 27): the link sent before stops working. Cancelled, nothing is replaced.
    const invitations = async () => (await server.sql<{ n: number }>(`select count(*)::int as n from invitations i join members m on m.id = i.member_id where m.email = $1`, [OWNER.email]))[0]!.n;
    const issued = await invitations();
    await operator.getByRole('button', { name: `New link (${OWNER.name})` }).click();
    const ask = operator.locator('.p-confirm-dialog', { hasText: `Replace ${OWNER.name}’s invitation link?` });
    await ask.getByText('The link sent before stops working').waitFor();
    expect(await axe(operator)).toEqual([]);
    await shot(operator, 'platform-03-replace-invitation');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await invitations()).toBe(issued);
    await operator.getByRole('button', { name: `New link (${OWNER.name})` }).click();
    await ask.getByRole('button', { name: 'Replace the link' }).click();
    const renewed = operator.getByRole('dialog', { name: `New invitation link for ${OWNER.name}` });
    const second = await renewed.getByLabel('Invitation link').inputValue();
    expect(second).toMatch(new RegExp(`^${server.url}/invitation#[A-Za-z0-9_-]{43}$`));
    expect(second).not.toBe(invitation);
    expect(await renewed.getByRole('button', { name: 'Open the organization' }).count()).toBe(0);
    await shot(operator, 'platform-03-new-invitation');
    await renewed.getByRole('button', { name: 'Close' }).first().click();
    await renewed.waitFor({ state: 'detached' });
    invitation = second;
  });

  it('lets the owner follow the invitation, set a password, sign in and work', async () => {
    await owner.goto(invitation);
    await owner.getByRole('heading', { name: 'Set your password' }).waitFor();
    await owner.getByTestId('invitation-email').filter({ hasText: OWNER.email }).waitFor();
    // The token leaves the address bar as soon as the page has read it.
    await expect.poll(() => owner.url()).toBe(`${server.url}/invitation`);
    expect(await axe(owner)).toEqual([]);
    await owner.getByLabel('New password', { exact: true }).fill(OWNER.password);
    await owner.getByLabel('New password again').fill('something-else-entirely');
    await owner.getByRole('button', { name: 'Set password and sign in' }).click();
    await owner.getByText('does not match the new password').waitFor();
    await owner.getByLabel('New password again').fill(OWNER.password);
    await owner.getByRole('button', { name: 'Set password and sign in' }).click();

    await owner.waitForURL(`${server.url}/`);
    await owner.getByRole('heading', { name: 'My day', level: 1 }).waitFor();
    await owner.getByText(`Hello, ${OWNER.name}.`).waitFor();
    expect(await owner.getByTestId('dashboard-plan').innerText()).toBe('Business');
    expect(await owner.getByTestId('dashboard-seats').innerText()).toBe('1 of 3 seats used');
    const [{ year }] = await server.sql<{ year: string }>(`select to_char(s.period_end, 'YYYY') as year from subscriptions s join organizations o on o.id = s.organization_id where o.name = $1`, [NAME]);
    expect(await owner.getByTestId('dashboard-period-end').innerText()).toMatch(new RegExp(`^until .*${year}`));
    expect(await owner.getByTestId('subscription-banner').count()).toBe(0);
    await shot(owner, 'platform-03-owner-dashboard');

    // A new organization's empty lists say what makes a record there, with its button (issue 27).
    await owner.goto(`${server.url}/leads`);
    const noLeads = owner.getByTestId('empty-state');
    await noLeads.getByText('No leads yet.').waitFor();
    await noLeads.getByText('Add one with New lead, or bring a file of them with Import leads.').waitFor();
    expect(await axe(owner)).toEqual([]);
    await shot(owner, 'platform-04-empty-leads');
    await noLeads.getByRole('button', { name: 'New lead' }).click();
    const newLead = owner.getByRole('dialog', { name: 'New lead' });
    await newLead.waitFor();
    await newLead.getByRole('button', { name: 'Cancel' }).click();
    await newLead.waitFor({ state: 'detached' });
    await noLeads.getByRole('button', { name: 'Import leads' }).waitFor();
    await owner.goto(`${server.url}/bookings`);
    const noBookings = owner.getByTestId('empty-state');
    await noBookings.getByText('No bookings yet.').waitFor();
    await noBookings.getByText(/start one with New booking/).waitFor();
    await noBookings.getByRole('button', { name: 'New booking' }).click();
    await owner.getByRole('heading', { name: 'New booking', level: 1 }).waitFor();
    // Every list names what fills it (issue 27): a list the member fills, its button; one a workflow fills, the step.
    await owner.goto(`${server.url}/group-tours`);
    const noDepartures = owner.getByTestId('empty-state');
    await noDepartures.getByText('Scheduled departures with seats to sell appear here. Add one with New departure.').waitFor();
    await shot(owner, 'platform-04b-empty-group-tours');
    await noDepartures.getByRole('link', { name: 'New departure' }).click();
    await owner.waitForURL((u) => u.pathname === '/group-tours/new');
    await owner.goto(`${server.url}/payment-receipts`);
    await owner.getByTestId('empty-state').getByText('A payment recorded on a booking with Record payment appears here, for finance to verify.').waitFor();
    await shot(owner, 'platform-04c-empty-receipts');
    // The same in Arabic, dark, as the owner would have chosen it.
    const saved = await (await server.login(OWNER.email, OWNER.password)).put('/api/members/me/preferences', { locale: 'ae', direction: 'rtl', theme: 'dark' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await owner.context().addCookies([{ name: 'i18nextLng', value: 'ae', url: server.url }]);
    await owner.goto(`${server.url}/vendors`);
    const noVendors = owner.getByTestId('empty-state');
    await noVendors.getByText('أضف واحدًا باستخدام', { exact: false }).waitFor();
    await expect.poll(() => owner.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await axe(owner)).toEqual([]);
    await shot(owner, 'platform-04d-empty-vendors-ae-dark');
    await owner.goto(`${server.url}/expenses`);
    await owner.getByTestId('empty-state').waitFor();
    await shot(owner, 'platform-04e-empty-expenses-ae-dark');
    const back = await (await server.login(OWNER.email, OWNER.password)).put('/api/members/me/preferences', { locale: 'en', direction: 'ltr', theme: 'light' });
    expect(back.status).toBe(200);
    await owner.context().addCookies([{ name: 'i18nextLng', value: 'en', url: server.url }]);

    // A write works while the subscription is active.
    await owner.goto(`${server.url}/organization`);
    const terms = owner.getByLabel('Terms');
    await terms.fill('Deposits are due at booking.');
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(owner, 'Organization saved');
  });

  it('warns the owner 14 days before the period ends', async () => {
    const form = operator.getByTestId('subscription-form');
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Period end').fill(soon);
    await form.getByRole('button', { name: 'Save subscription' }).click();
    await toast(operator, 'Subscription saved');
    await owner.reload();
    await owner.getByRole('status').filter({ hasText: 'The subscription ends on' }).waitFor();
    expect(await axe(owner)).toEqual([]);
  });

  it('refuses the owner’s next write once the operator expires the subscription', async () => {
    const form = operator.getByTestId('subscription-form');
    await choose(operator, form.locator('.field', { hasText: 'Status' }), 'Expired');
    await form.getByRole('button', { name: 'Save subscription' }).click();
    await toast(operator, 'Subscription saved');
    await form.getByText('Read-only').waitFor();

    await owner.getByLabel('Terms').fill('Deposits are due within a week.');
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(owner, 'The subscription has expired: the organization is read-only until it is renewed');
    expect((await server.sql<{ terms: string }>('select terms from organizations where name = $1', [NAME]))[0].terms).toBe('Deposits are due at booking.');
    await owner.reload();
    await owner.getByTestId('subscription-banner').filter({ hasText: 'read-only' }).waitFor();
    await shot(owner, 'platform-04-owner-read-only');
  });

  it('works in dark mode, right-to-left in Arabic, and by keyboard', async () => {
    await operator.goto(`${server.url}/console`);
    await operator.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();

    await operator.getByTestId('theme-switch').click();
    await operator.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(async () => luminance(await bodyBackground(operator))).toBeLessThan(0.05);
    await operator.getByTestId('platform-organizations-table').waitFor();
    expect(await axe(operator)).toEqual([]);
    await shot(operator, 'platform-05-dark');

    await operator.getByTestId('language-picker').selectOption('ae');
    await expect.poll(() => operator.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await operator.getByRole('heading', { name: 'المؤسسات', level: 1 }).waitFor();
    await operator.getByRole('button', { name: 'مؤسسة جديدة' }).waitFor();
    expect(await axe(operator)).toEqual([]);
    await shot(operator, 'platform-06-arabic-dark');

    // By keyboard: from the search box to the first organization's link, and into it.
    await operator.getByRole('searchbox').fill('Oasis');
    await operator.waitForURL((u) => u.searchParams.get('search') === 'Oasis');
    // The filtered list, not the one before it (its rows are replaced, and a focused link with them).
    await operator.getByRole('link', { name: 'Demo Travels' }).waitFor({ state: 'detached' });
    const link = operator.getByRole('link', { name: NAME });
    await link.waitFor();
    await link.focus();
    await operator.keyboard.press('Enter');
    await operator.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    // The subscription form by keyboard: Tab through its fields to its button, and save.
    const save = operator.getByRole('button', { name: 'حفظ الاشتراك' });
    await operator.getByLabel('المقاعد', { exact: true }).focus();
    await operator.keyboard.press('Control+A');
    await operator.keyboard.type('4');
    for (let i = 0; i < 10 && !(await save.evaluate((b) => b === document.activeElement)); i++) await operator.keyboard.press('Tab');
    await expect.poll(() => save.evaluate((b) => b === document.activeElement)).toBe(true);
    await operator.keyboard.press('Enter');
    await toast(operator, 'حُفظ الاشتراك');
    await expect.poll(async () => (await server.sql<{ seats: number }>('select s.seats from subscriptions s join organizations o on o.id = s.organization_id where o.name = $1', [NAME]))[0].seats).toBe(4);

    await operator.getByTestId('language-picker').selectOption('en');
    await operator.getByTestId('theme-switch').click();
    await operator.getByRole('menuitem', { name: 'Light' }).click();
    expect(pageErrors).toEqual([]);
  });
});
