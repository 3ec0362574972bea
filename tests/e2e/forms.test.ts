import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { closeE2e, screenshot, signedInHome, startE2e } from '../support/e2e';
import { choose, toast } from '../support/browser';

/**
 * Every form of the product, as a person uses it: open it, change one thing, save, see the toast,
 * reload the page, open it again and find the change (issue 21: the organization form could not
 * be saved, and a unit test of the form alone did not show it). One row per form.
 */

interface FormCase {
  name: string;
  /** The page the form is on. */
  path: string;
  /** Opens the form (a dialog, or the page's own form) and answers where its fields are. */
  open: (p: Page) => Promise<Locator>;
  change: (form: Locator, p: Page) => Promise<void>;
  /** The submit button's name, when it is not "Save". */
  submit?: string;
  /** The toast after saving; none for forms that save as they change (preferences, modules). */
  saved?: string;
  /** After a reload: opens the form again and checks the change is there. */
  check: (p: Page) => Promise<void>;
}

let server: TestServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
/** Each record the catalogue cases edit: what to search for, and its name on the edit button. */
const names: Record<'region' | 'destination' | 'hotel' | 'activity' | 'review' | 'vendor', readonly [string, string]> = { region: ['', ''], destination: ['', ''], hotel: ['', ''], activity: ['', ''], review: ['', ''], vendor: ['', ''] };
let leadPath = '';

const dialog = (p: Page, name: string | RegExp) => p.getByRole('dialog', { name });
const field = (scope: Locator, label: string) => scope.locator('.field', { has: scope.page().getByText(label, { exact: true }) });
const valueOf = (l: Locator) => () => l.inputValue();
const settingsForm = (p: Page, tab: string) => p.getByRole('form', { name: tab });

/** Types into a number field key by key, as a person does. */
async function retype(input: Locator, text: string) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(text);
  await input.blur();
}

/** Opens a tab of the configurations page and answers its form. */
async function configTab(p: Page, tab: string) {
  await p.getByRole('tab', { name: tab }).click();
  const form = settingsForm(p, tab);
  await form.waitFor();
  return form;
}

/** The edit dialog of a catalogue record, from its row or card's edit button. */
async function editRecord(p: Page, [search, name]: readonly [string, string], header: string) {
  await p.getByRole('searchbox', { name: 'Search' }).fill(search);
  await p.getByRole('button', { name: `Edit ${name}`, exact: true }).first().click();
  const d = dialog(p, header);
  await d.waitFor();
  return d;
}

const CASES: FormCase[] = [
  {
    name: 'organization: only the terms',
    path: '/organization',
    open: async (p) => p.locator('form').first(),
    change: (f) => f.getByLabel('Terms').fill('Payment within 14 days of the invoice (E2E)'),
    saved: 'Organization saved',
    check: (p) => expect.poll(valueOf(p.getByLabel('Terms'))).toBe('Payment within 14 days of the invoice (E2E)'),
  },
  {
    name: 'organization: only the name, then the tax rate as a percentage',
    path: '/organization',
    open: async (p) => p.locator('form').first(),
    change: async (f) => {
      await f.getByLabel('Name', { exact: true }).fill('Demo Travels & Tours');
      await retype(f.getByLabel('Tax rate (%)'), '12.5');
    },
    saved: 'Organization saved',
    check: async (p) => {
      await expect.poll(valueOf(p.getByLabel('Name', { exact: true }))).toBe('Demo Travels & Tours');
      await expect.poll(valueOf(p.getByLabel('Tax rate (%)'))).toBe('12.5');
      const [org] = await server.sql<{ tax_rate: number }>(`select tax_rate from organizations where name = 'Demo Travels & Tours'`);
      expect(org!.tax_rate).toBe(1250);
    },
  },
  {
    name: 'configurations: leads (the source picker shows names, not codes)',
    path: '/configurations',
    open: (p) => configTab(p, 'Leads'),
    change: async (f, p) => {
      await choose(p, field(f, 'Default lead source'), 'Walk-in');
      await retype(f.getByLabel('Follow-up reminder (minutes before)'), '45');
    },
    saved: 'Settings saved',
    check: async (p) => {
      const f = await configTab(p, 'Leads');
      await expect.poll(() => field(f, 'Default lead source').locator('.p-dropdown-label').innerText()).toBe('Walk-in');
      await expect.poll(valueOf(f.getByLabel('Follow-up reminder (minutes before)'))).toBe('45');
    },
  },
  {
    name: 'configurations: customized tours',
    path: '/configurations',
    open: (p) => configTab(p, 'Customized tours'),
    change: async (f) => {
      await retype(f.getByLabel('Quote validity (days)'), '21');
      await f.getByLabel('Terms and conditions').fill('Prices valid for 21 days (E2E)');
    },
    saved: 'Settings saved',
    check: async (p) => {
      const f = await configTab(p, 'Customized tours');
      await expect.poll(valueOf(f.getByLabel('Quote validity (days)'))).toBe('21');
      await expect.poll(valueOf(f.getByLabel('Terms and conditions'))).toBe('Prices valid for 21 days (E2E)');
    },
  },
  {
    name: 'configurations: personalized tours',
    path: '/configurations',
    open: (p) => configTab(p, 'Personalized tours'),
    change: async (f) => {
      await f.getByLabel('Inclusions').fill('Airport transfers');
      await f.getByLabel('Inclusions').press('Enter');
    },
    saved: 'Settings saved',
    check: async (p) => {
      const f = await configTab(p, 'Personalized tours');
      await field(f, 'Inclusions').getByText('Airport transfers').waitFor();
    },
  },
  {
    name: 'configurations: group tours',
    path: '/configurations',
    open: (p) => configTab(p, 'Group tours'),
    change: (f) => retype(f.getByLabel('Default capacity (seats)'), '32'),
    saved: 'Settings saved',
    check: async (p) => expect.poll(valueOf((await configTab(p, 'Group tours')).getByLabel('Default capacity (seats)'))).toBe('32'),
  },
  ...(['Regions', 'Destinations'] as const).map(
    (tab): FormCase => ({
      name: `configurations: ${tab.toLowerCase()}`,
      path: '/configurations',
      open: (p) => configTab(p, tab),
      change: (f) => f.getByRole('switch', { name: 'Show on the website' }).click(),
      saved: 'Settings saved',
      check: async (p) => expect.poll(async () => (await configTab(p, tab)).getByRole('switch', { name: 'Show on the website' }).isChecked()).toBe(false),
    }),
  ),
  {
    name: 'configurations: email (the password is kept, never shown)',
    path: '/configurations',
    open: (p) => configTab(p, 'Email'),
    change: async (f) => {
      await f.getByLabel('SMTP host').fill('smtp.e2e.example');
      await f.getByLabel('Password', { exact: true }).fill('e2e-smtp-secret');
    },
    saved: 'Settings saved',
    check: async (p) => {
      const f = await configTab(p, 'Email');
      await expect.poll(valueOf(f.getByLabel('SMTP host'))).toBe('smtp.e2e.example');
      expect(await f.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await f.getByText('A password is stored; leave empty to keep it (enter it again to change the host, port, user or security).').waitFor();
    },
  },
  {
    name: 'member',
    path: '/members',
    open: async (p) => {
      await p.getByRole('button', { name: /^Lina Haddad,/ }).click();
      return dialog(p, 'Edit member');
    },
    change: (f) => f.getByLabel('Phone').fill('+971 50 000 1111'),
    saved: 'Member updated',
    check: async (p) => {
      await p.getByRole('button', { name: /^Lina Haddad,/ }).click();
      await expect.poll(valueOf(dialog(p, 'Edit member').getByLabel('Phone'))).toBe('+971 50 000 1111');
    },
  },
  {
    name: 'role',
    path: '/roles',
    open: async (p) => {
      await p.locator('.role-list button', { hasText: 'Operations' }).click();
      return p.getByTestId('role-editor');
    },
    change: (f) => f.getByLabel('Description').fill('Books vendors and runs the trips (E2E)'),
    saved: 'Role saved',
    check: async (p) => {
      await p.locator('.role-list button', { hasText: 'Operations' }).click();
      await expect.poll(valueOf(p.getByTestId('role-editor').getByLabel('Description'))).toBe('Books vendors and runs the trips (E2E)');
    },
  },
  {
    name: 'new role',
    path: '/roles',
    open: async (p) => {
      await p.getByRole('button', { name: 'New role' }).click();
      return dialog(p, 'New role');
    },
    change: (f) => f.getByLabel('Name').fill('Night desk (E2E)'),
    submit: 'Create',
    saved: 'Role created',
    check: (p) => p.locator('.role-list button', { hasText: 'Night desk (E2E)' }).waitFor(),
  },
  {
    name: 'module (saved as it changes)',
    path: '/modules',
    open: async (p) => p.getByTestId('module-list'),
    change: (f) => f.getByRole('switch', { name: 'Shown in the menu: Reviews' }).click(),
    check: async (p) => {
      await expect.poll(() => p.getByRole('switch', { name: 'Shown in the menu: Reviews' }).isChecked()).toBe(false);
      expect(await p.locator('[data-testid=nav-menu] a[data-module=reviews]').count()).toBe(0);
      await p.getByRole('switch', { name: 'Shown in the menu: Reviews' }).click();
      await p.locator('[data-testid=nav-menu] a[data-module=reviews]').waitFor();
    },
  },
  {
    name: 'profile',
    path: '/profile',
    open: async (p) => p.locator('form').first(),
    change: (f) => f.getByLabel('Phone').fill('+971 4 000 2222'),
    saved: 'Profile saved',
    check: (p) => expect.poll(valueOf(p.getByLabel('Phone'))).toBe('+971 4 000 2222'),
  },
  {
    name: 'preferences (saved as they change)',
    path: '/preferences',
    open: async (p) => p.getByRole('group', { name: 'Page animation' }),
    change: (f) => f.getByText('None', { exact: true }).click(),
    check: async (p) => {
      await expect.poll(() => p.getByRole('group', { name: 'Page animation' }).locator('[aria-pressed=true]').innerText()).toBe('None');
      await expect.poll(async () => (await server.sql<{ a: string }>(`select preferences->>'animation' as a from members where email = 'owner@demo.travel'`))[0]!.a).toBe('none');
    },
  },
  {
    name: 'vendor',
    path: '/vendors',
    open: async (p) => {
      await p.getByRole('searchbox', { name: 'Search' }).fill(names.vendor[0]);
      await p.getByRole('button', { name: `Edit ${names.vendor[1]}`, exact: true }).first().click();
      return dialog(p, 'Edit vendor');
    },
    change: (f) => f.getByLabel('Contact person').fill('Rana Khoury (E2E)'),
    saved: 'Vendor updated successfully',
    check: async (p) => {
      await p.getByRole('button', { name: `Edit ${names.vendor[1]}`, exact: true }).first().click();
      await expect.poll(valueOf(dialog(p, 'Edit vendor').getByLabel('Contact person'))).toBe('Rana Khoury (E2E)');
    },
  },
  ...(
    [
      ['region', '/regions', 'Edit region', 'Description', 'Region updated successfully'],
      ['destination', '/destinations', 'Edit destination', 'Description', 'Destination updated successfully'],
      ['hotel', '/hotels', 'Edit hotel', 'Address', 'Hotel updated successfully!'],
      ['activity', '/activities', 'Edit activity', 'Description', 'Activity updated successfully'],
      ['review', '/reviews', 'Edit review', 'Review', 'Review updated successfully'],
    ] as const
  ).map(
    ([kind, at, header, label, saved]): FormCase => ({
      name: `catalogue: ${kind}`,
      path: at,
      open: (p) => editRecord(p, names[kind], header),
      change: (f) => f.getByLabel(label, { exact: true }).fill(`Changed in the browser (${kind}, E2E)`),
      saved,
      check: async (p) => {
        const d = await editRecord(p, names[kind], header);
        await expect.poll(valueOf(d.getByLabel(label, { exact: true }))).toBe(`Changed in the browser (${kind}, E2E)`);
      },
    }),
  ),
  {
    name: 'lead: new lead',
    path: '/leads',
    open: async (p) => {
      await p.getByRole('button', { name: 'New lead' }).click();
      return dialog(p, 'New lead');
    },
    change: async (f) => {
      await f.getByLabel('Name').fill('E2E Forms Lead');
      await f.getByLabel('Phone').fill('+971 50 777 0101');
    },
    saved: 'Lead created',
    check: async (p) => {
      await p.getByRole('heading', { name: 'E2E Forms Lead', level: 1 }).waitFor();
      leadPath = new URL(p.url()).pathname;
    },
  },
  {
    name: 'lead: contact details',
    path: '<lead>',
    open: async (p) => {
      await p.getByRole('button', { name: 'Edit contact details' }).click();
      return dialog(p, 'Edit contact details');
    },
    change: (f) => f.getByLabel('Comment').fill('Prefers WhatsApp after 6 pm (E2E)'),
    saved: 'Lead updated',
    check: (p) => p.getByTestId('lead-contact').getByText('Prefers WhatsApp after 6 pm (E2E)').waitFor(),
  },
  {
    name: 'lead: a new query',
    path: '<lead>',
    open: async (p) => {
      await p.getByRole('button', { name: 'Add query' }).click();
      return dialog(p, 'Add query');
    },
    change: async (f) => {
      await retype(f.getByLabel('Children'), '1');
      await f.getByLabel('Notes').fill('Two weeks in Bali (E2E)');
    },
    saved: 'Query added',
    check: async (p) => {
      const q = p.getByTestId('lead-queries');
      await q.getByText('Two weeks in Bali (E2E)').waitFor();
      await q.getByText('1 adult, 1 child').waitFor();
    },
  },
  {
    name: 'lead: the query changed',
    path: '<lead>',
    open: async (p) => {
      await p.getByRole('button', { name: 'Edit Query 1' }).click();
      return dialog(p, 'Edit query');
    },
    change: (f) => retype(f.getByLabel('Adults'), '2'),
    saved: 'Query updated',
    check: (p) => p.getByTestId('lead-queries').getByText('2 adults, 1 child').waitFor(),
  },
  {
    name: 'lead: a follow-up',
    path: '<lead>',
    open: async (p) => {
      await p.getByRole('button', { name: 'Schedule a follow-up' }).click();
      return dialog(p, 'Schedule a follow-up');
    },
    change: (f) => f.getByLabel('Note').fill('Call about the Bali options (E2E)'),
    saved: 'Follow-up scheduled',
    check: (p) => p.getByTestId('lead-follow-ups').getByText('Call about the Bali options (E2E)').waitFor(),
  },
  {
    name: 'lead: the follow-up’s response',
    path: '<lead>',
    open: async (p) => {
      await p.getByTestId('lead-follow-ups').getByRole('button', { name: 'Record response' }).click();
      return dialog(p, /^Follow-up with/);
    },
    change: (f, p) => choose(p, field(f, 'Outcome'), 'No answer'),
    submit: 'Save response',
    saved: 'Response recorded',
    check: (p) => p.getByTestId('follow-up-response').getByText('No answer').waitFor(),
  },
  {
    name: 'contact group',
    path: '/contacts/groups',
    open: async (p) => {
      await p.getByRole('button', { name: 'New contact group' }).first().click(); // an empty list offers it again
      return dialog(p, 'New contact group');
    },
    change: async (f) => {
      await f.getByLabel('Name').fill('Honeymooners (E2E)');
      await f.getByTestId('contact-chooser').getByRole('checkbox').first().check();
    },
    saved: 'Contact group created',
    check: async (p) => {
      await p.getByRole('button', { name: 'Edit Honeymooners (E2E)' }).click();
      await expect.poll(() => dialog(p, 'Edit contact group').getByTestId('chosen-count').innerText()).toBe('1 chosen');
    },
  },
];

describe('every form saves a change that is still there after a reload (issue 21)', () => {
  beforeAll(async () => {
    ({ server, browser } = await startE2e());
    const first = async (table: string, column: string) => (await server.sql<{ v: string }>(`select ${column} as v from ${table} where organization_id = (select organization_id from members where email = 'owner@demo.travel') order by ${column} limit 1`))[0]!.v;
    for (const [kind, table] of [['region', 'regions'], ['destination', 'destinations'], ['hotel', 'hotels'], ['activity', 'activities'], ['vendor', 'vendors']] as const) {
      const name = await first(table, 'name');
      names[kind] = [name, name];
    }
    const customer = await first('reviews', 'customer_name');
    names.review = [customer, `${customer}'s review`];
    page = await signedInHome(browser, pageErrors, server.url, 'owner@demo.travel', { timeout: 20_000 });
  });

  afterAll(() => closeE2e({ browser, server }));

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    await page.goto(`${server.url}${c.path === '<lead>' ? leadPath : c.path}`);
    const form = await c.open(page);
    await form.waitFor();
    await c.change(form, page);
    if (c.saved) {
      await form.getByRole('button', { name: c.submit ?? 'Save', exact: true }).click();
      await toast(page, c.saved);
    }
    await screenshot(page, `forms-${c.name.replace(/[^a-z]+/gi, '-').toLowerCase()}`, false);
    await page.reload();
    await c.check(page);
    expect(pageErrors).toEqual([]);
  });
});
