import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { AuthState } from '../../src/api/admin/auth/contract';
import type { ImportReport } from '../../src/api/common/import';
import { leadsResource } from '../../src/api/leads/get-leads';
import { LEAD_IMPORT_TEMPLATE, leadRowsFromCsv } from '../../src/api/leads/import';
import { vendorsResource } from '../../src/api/vendors/get-vendors';
import { VENDOR_IMPORT_TEMPLATE, vendorRowsFromCsv } from '../../src/api/vendors/import';
import type { Permissions } from '../../src/api/permissions';
import { AuthStateProvider } from '../../src/ui/auth';
import i18next from 'i18next';
import { configureApiClient } from '../../src/api/client';
import { changeLanguage, currentLanguage, initI18n, translateApi } from '../../src/ui/i18n';
import { ImportDialog, type ImportWords } from '../../src/ui/import-dialog';

configure({ asyncUtilTimeout: 5000 });

// jsdom's Blob has no text() (browsers have had it for years): read it as a browser's FileReader does.
if (!Blob.prototype.text) {
  Blob.prototype.text = function (this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
}
const checked = (el: HTMLElement) => (el as HTMLInputElement).checked;
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

const auth = (permissions: Permissions) => ({ role: { _id: 'r', name: 'Role', isOwner: false, permissions, visibility: { leads: 'all', bookings: 'all' } } }) as unknown as AuthState;
const OPS = auth({ vendors: ['view', 'create', 'update', 'delete'] });
const SALES = auth({ leads: ['view', 'create', 'update'] });

/** The preview the server answers for the vendor file below (made with "update existing"). */
const PREVIEW: ImportReport = {
  preview: true,
  summary: { total: 3, created: 1, updated: 1, skipped: 0, rejected: 1 },
  rows: [
    { row: 1, status: 'created', name: 'Sahara Camps' },
    { row: 2, status: 'updated', _id: 'v1', name: 'Atlantis The Palm', params: { field: 'name' }, changes: [{ field: 'notes', from: 'Old note', to: 'New note' }, { field: 'services', from: ['hotels'], to: ['hotels', 'land-part'] }] },
    { row: 3, status: 'rejected', name: 'Boat Rides', reason: 'services.0 must be one of hotels, flights', issues: [{ path: 'services.0', code: 'oneOf', params: { values: ['hotels', 'flights'] }, message: 'must be one of hotels, flights' }] },
  ],
};
const VENDOR_CSV = ['name,services,notes', 'Sahara Camps,activities,', 'Atlantis The Palm,hotels,New note', 'Boat Rides,boats,'].join('\n');

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** What each call sent: its query and the uploaded file's name and text. */
const sent = async (i: number) => {
  const [url, init] = fetchMock.mock.calls[i]!;
  const file = (init!.body as FormData).get('file') as File;
  return { query: Object.fromEntries(new URL(String(url), 'http://localhost').searchParams), file: file.name, text: await file.text() };
};

/** The screen's words, as the vendors page gives them. */
const VENDOR_WORDS: ImportWords = {
  fields: { name: 'Name', services: 'Services', notes: 'Notes' },
  values: { services: (x) => ({ hotels: 'Hotels', 'land-part': 'Land part' })[x] ?? x },
};

function renderVendors(state = OPS) {
  const onClose = vi.fn();
  render(
    <AuthStateProvider value={state}>
      <ImportDialog
        title="Import vendors"
        module="vendors"
        fromCsv={vendorRowsFromCsv}
        template={VENDOR_IMPORT_TEMPLATE}
        run={vendorsResource.importFile}
        words={VENDOR_WORDS}
        successMessage="Vendors imported successfully"
        onClose={onClose}
      />
    </AuthStateProvider>,
  );
  return onClose;
}
const choose = (content: string, name = 'vendors.csv') => userEvent.upload(screen.getByLabelText('Choose a CSV or JSON file'), new File([content], name, { type: 'text/csv' }));

describe('the import dialog', () => {
  beforeAll(() => initI18n('en'));
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.warning).mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('previews first (nothing written), shows the differences, and without "update existing" imports only the new rows', async () => {
    renderVendors();
    await choose(VENDOR_CSV);
    fetchMock.mockResolvedValueOnce(json({ data: PREVIEW }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByTestId('import-preview-summary');
    expect(await sent(0)).toEqual({ query: { preview: 'true', updateExisting: 'true' }, file: 'vendors.csv', text: VENDOR_CSV });
    // Unticked, the matching row is a skip; its differences still show.
    expect(screen.getByTestId('import-preview-summary').textContent).toBe('3 rows: 1 to create, 0 to update, 1 to skip, 1 rejected. Nothing has been written yet.');
    expect(checked(screen.getByRole('checkbox', { name: 'Update the existing record 1 row matches' }))).toBe(false);
    const rows = within(screen.getByTestId('import-rows'));
    // The screen's labels and values, never the raw field or code.
    expect(rows.getByText('Already exists (same Name): not updated')).toBeTruthy();
    expect(rows.getByRole('list', { name: 'Changes' }).textContent).toBe('Notes: Old note → New noteServices: Hotels → Hotels, Land part');
    expect(screen.getByTestId('import-rejected').textContent).toContain('row 3 (Boat Rides): Services must be one of hotels, flights');

    fetchMock.mockResolvedValueOnce(json({ data: { ...PREVIEW, preview: false, summary: { total: 3, created: 1, updated: 0, skipped: 1, rejected: 1 }, rows: [{ ...PREVIEW.rows[0], _id: 'n1' }, { ...PREVIEW.rows[1], status: 'skipped', code: 'EXISTS' }, PREVIEW.rows[2]] } }));
    await userEvent.click(screen.getByRole('button', { name: 'Import 1 row' }));
    await screen.findByTestId('import-report');
    expect((await sent(1)).query).toEqual({});
    expect(screen.getByTestId('import-summary').textContent).toBe('3 rows: 1 created, 0 updated, 1 skipped, 1 rejected');
    // Rows were rejected: a warning that names them, not "imported successfully".
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.warning).toHaveBeenCalledWith('1 imported, 1 rejected: row 3 (Boat Rides). See the report.');
  });

  it('updates the matching records only when the box is ticked', async () => {
    renderVendors();
    await choose(VENDOR_CSV);
    fetchMock.mockResolvedValueOnce(json({ data: PREVIEW }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Update the existing record 1 row matches' }));
    expect(screen.getByTestId('import-preview-summary').textContent).toMatch(/^3 rows: 1 to create, 1 to update, 0 to skip, 1 rejected/);
    fetchMock.mockResolvedValueOnce(json({ data: { ...PREVIEW, preview: false } }));
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await screen.findByTestId('import-report');
    expect((await sent(1)).query).toEqual({ updateExisting: 'true' });
  });

  it('refuses a file it cannot read, or with more rows than the role may import, before sending anything', async () => {
    renderVendors(auth({ vendors: ['view', 'create', 'update'] }));
    await choose('name,services,rating\nA,hotels,5');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByTestId('import-problem')).textContent).toBe('Column “rating” is not a known column');
    await choose(['name,services', ...Array.from({ length: 5001 }, (_, i) => `V${i},hotels`)].join('\n'));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(screen.getByTestId('import-problem').textContent).toBe('The file has 5001 rows; your role may import at most 5000 at once.'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without the update permission: previews without "update existing" and says matching rows are skipped', async () => {
    renderVendors(auth({ vendors: ['view', 'create'] }));
    await choose(VENDOR_CSV);
    const skipped = { ...PREVIEW.rows[1]!, status: 'skipped' as const, code: 'EXISTS' as const };
    fetchMock.mockResolvedValueOnce(json({ data: { ...PREVIEW, summary: { ...PREVIEW.summary, updated: 0, skipped: 1 }, rows: [PREVIEW.rows[0], skipped, PREVIEW.rows[2]] } }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByTestId('import-preview-summary');
    expect((await sent(0)).query).toEqual({ preview: 'true' });
    expect(screen.queryByRole('checkbox', { name: /Update the/ })).toBeNull();
    expect(screen.getByText('Your role may not update existing records: rows that match one are skipped.')).toBeTruthy();
  });

  it('shows the server’s refusal of the file under the field', async () => {
    renderVendors();
    await choose(VENDOR_CSV);
    fetchMock.mockResolvedValueOnce(json({ message: 'The file has 3 rows; your role may import at most 2 at a time', code: 'IMPORT_TOO_MANY_ROWS' }, 413));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByTestId('import-problem')).textContent).toBe('The file has 3 rows; your role may import at most 2 at a time');
  });

  it('offers a template with the right header and an example row', async () => {
    const made: Blob[] = [];
    // jsdom has no object URLs: the dialog's one is noted instead.
    URL.createObjectURL = (b: Blob) => (made.push(b), 'blob:template');
    URL.revokeObjectURL = () => {};
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('vendors-template.csv');
    });
    renderVendors();
    await userEvent.click(screen.getByRole('button', { name: 'Download the template (CSV)' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    const text = await made[0]!.text();
    const [header, example] = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(VENDOR_IMPORT_TEMPLATE.columns.join(','));
    expect(vendorRowsFromCsv(text).rows).toEqual([expect.objectContaining({ name: 'Desert Rose Transfers', isActive: 'true' })]);
    expect(example).toContain('Desert Rose Transfers');
    clicked.mockRestore();
  });

  it('for leads: states the date order, never offers to update, and toasts success when nothing was rejected', async () => {
    render(
      <AuthStateProvider value={SALES}>
        <ImportDialog
          title="Import leads"
          module="leads"
          fromCsv={leadRowsFromCsv}
          template={LEAD_IMPORT_TEMPLATE}
          dates
          updates={false}
          run={leadsResource.importFile}
          words={{ fields: { phone: 'Phone' } }}
          successMessage="Leads imported"
          onClose={() => {}}
        />
      </AuthStateProvider>,
    );
    expect(checked(screen.getByRole('radio', { name: 'month/day/year (May 3)' }))).toBe(true); // jsdom's language is en-US
    await userEvent.click(screen.getByRole('radio', { name: 'day/month/year (5 March)' }));
    await choose('name,phone,query date\nMaya,+971 50 555 0199,05/03/2026\nNadia,+971 50 555 0100,06/03/2026', 'leads.csv');
    fetchMock.mockResolvedValueOnce(
      json({ data: { preview: true, summary: { total: 2, created: 1, updated: 0, skipped: 1, rejected: 0 }, rows: [{ row: 1, status: 'created', name: 'Maya' }, { row: 2, status: 'skipped', name: 'Nadia', code: 'DUPLICATE', params: { field: 'phone' }, reason: 'duplicate: a lead with the phone number +971 50 555 0100 already exists' }] } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByTestId('import-preview-summary');
    expect((await sent(0)).query).toEqual({ preview: 'true', dateOrder: 'dmy' });
    expect(screen.queryByRole('checkbox', { name: /Update the/ })).toBeNull();
    expect(screen.getByText('Already exists (same Phone): an import never changes it')).toBeTruthy();
    fetchMock.mockResolvedValueOnce(json({ data: { preview: false, summary: { total: 2, created: 1, updated: 0, skipped: 1, rejected: 0 }, rows: [] } }));
    await userEvent.click(screen.getByRole('button', { name: 'Import 1 row' }));
    await screen.findByTestId('import-report');
    expect((await sent(1)).query).toEqual({ dateOrder: 'dmy' });
    expect(toast.success).toHaveBeenCalledWith('Leads imported');
  });
});

describe('the import dialog in Arabic', () => {
  beforeAll(async () => {
    await initI18n('ae');
    configureApiClient({ translate: translateApi, language: currentLanguage, onUnauthorized: vi.fn() });
  });
  afterAll(async () => {
    await changeLanguage('en');
    configureApiClient({});
  });
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says why each row is rejected or skipped from its codes, under the screen’s labels: no English, no raw field or value', async () => {
    const words: ImportWords = {
      fields: { name: i18next.t('vendors.name'), services: i18next.t('vendors.services'), email: i18next.t('vendors.email') },
      values: { services: (x) => i18next.t(`vendors.serviceTypes.${x}`) },
    };
    render(
      <AuthStateProvider value={OPS}>
        <ImportDialog title="استيراد" module="vendors" fromCsv={vendorRowsFromCsv} template={VENDOR_IMPORT_TEMPLATE} run={vendorsResource.importFile} words={words} successMessage="تم" onClose={() => {}} />
      </AuthStateProvider>,
    );
    await userEvent.upload(screen.getByLabelText(i18next.t('import.pickFile')), new File([VENDOR_CSV], 'vendors.csv', { type: 'text/csv' }));
    fetchMock.mockResolvedValueOnce(
      json({
        data: {
          preview: true,
          summary: { total: 3, created: 0, updated: 0, skipped: 1, rejected: 2 },
          rows: [
            { row: 1, status: 'rejected', name: 'Boat Rides', reason: 'services.0 must be one of hotels, land-part', issues: [{ path: 'services.0', code: 'oneOf', params: { values: ['hotels', 'land-part'] }, message: 'must be one of hotels, land-part' }] },
            { row: 2, status: 'rejected', reason: 'row has 4 cells but the header has 3 columns', issues: [{ path: 'row', code: 'malformedRow', params: { cells: 4, columns: 3 }, message: 'has 4 cells but the header has 3 columns' }] },
            { row: 3, status: 'skipped', name: 'Sahara Camps', code: 'DUPLICATE_ROW', params: { row: 1, field: 'email' }, reason: 'same email as row 1' },
          ],
        },
      }),
    );
    await userEvent.click(screen.getByTestId('import-preview'));
    const rejected = await screen.findByTestId('import-rejected');
    expect(rejected.textContent).toContain('الصف 1 (Boat Rides): الخدمات يجب أن يكون واحدًا من: الفنادق, الخدمات البرية');
    expect(rejected.textContent).toContain('الصف 2: الصف ليس صف CSV سليمًا');
    expect(within(screen.getByTestId('import-rows')).getByText('نفس قيمة البريد الإلكتروني في الصف 1')).toBeTruthy();
    const shown = screen.getByRole('dialog').textContent ?? '';
    for (const raw of ['must be', 'cells but', 'same email', 'services.0', 'land-part']) expect(shown).not.toContain(raw);
  });

  it('says a refusal of the whole file in Arabic, with its numbers', async () => {
    render(
      <AuthStateProvider value={OPS}>
        <ImportDialog title="استيراد" module="vendors" fromCsv={vendorRowsFromCsv} template={VENDOR_IMPORT_TEMPLATE} run={vendorsResource.importFile} successMessage="تم" onClose={() => {}} />
      </AuthStateProvider>,
    );
    await userEvent.upload(screen.getByLabelText(i18next.t('import.pickFile')), new File(['name,services,rating\nA,hotels,5'], 'vendors.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByTestId('import-preview'));
    expect((await screen.findByTestId('import-problem')).textContent).toBe('العمود «rating» ليس عمودًا معروفًا');
    await userEvent.upload(screen.getByLabelText(i18next.t('import.pickFile')), new File([VENDOR_CSV], 'vendors.csv', { type: 'text/csv' }));
    fetchMock.mockResolvedValueOnce(json({ message: 'The file has 3 rows; your role may import at most 2 at a time', code: 'IMPORT_TOO_MANY_ROWS', params: { count: 3, max: 2 } }, 413));
    await userEvent.click(screen.getByTestId('import-preview'));
    await waitFor(() => expect(screen.getByTestId('import-problem').textContent).toBe('يحتوي الملف على 3 صفًا؛ يمكن لدورك استيراد 2 صف على الأكثر في المرة الواحدة.'));
  });
});
