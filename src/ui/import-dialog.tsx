import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Dialog } from './dialog';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Checkbox } from 'primereact/checkbox';
import { RadioButton } from 'primereact/radiobutton';
import { ApiError, errorMessage, issueMessage } from '../api/client';
import { CsvFileError, IMPORT_MAX_BYTES, importRowLimit, templateCsv, type FieldChange, type ImportOptions, type ImportReport, type ImportRowResult, type ImportTemplate } from '../api/common/import';
import { DATE_ORDERS, localeDateOrder, type DateOrder } from '../api/common/import-dates';
import { readImportFile, withoutUpdates } from '../api/common/import-upload';
import type { ModuleKey } from '../api/permissions';
import { useAuth } from './auth';
import type { ApiIssue } from '../api/common/issues';
import { fieldMessage } from './field-message';
import { StatusTag, type StatusTone } from './status-tag';

/**
 * How a screen names its fields and their values, so a person reads the labels the rest of the
 * screen uses, never a raw field (`services.0`) or code (`land-part`).
 */
export interface ImportWords {
  /** A field (dotted when nested: `bankDetails.swift`) → its label. */
  fields: Record<string, string>;
  /** A field → how one of its values reads (`land-part` → "Land part"). */
  values?: Record<string, (value: string) => string>;
}

export interface ImportDialogProps {
  title: string;
  /** The permission module: how many rows the caller may import, and whether they may update. */
  module: ModuleKey;
  /** The resource's CSV reader (shared with the server), e.g. `vendorRowsFromCsv`. */
  fromCsv: (text: string) => { rows: unknown[] };
  /** The downloadable template; its columns are the hint. */
  template: ImportTemplate;
  /** More about a column's format, under the columns. */
  hint?: string;
  /** Sends the file (a preview, or the import) and answers the report; a failure is shown here. */
  run: (file: File, options: ImportOptions) => Promise<ImportReport>;
  /** The toast after an import that rejected nothing (the seed's "Vendors imported successfully"). */
  successMessage: string;
  onClose: () => void;
  /** The file may hold dates written day and month (leads): the person states their order. */
  dates?: boolean;
  /** False when the import never changes existing records (leads): no "update existing". */
  updates?: boolean;
  /** The screen's labels for the file's fields and values. */
  words?: ImportWords;
}

type Phase =
  | { step: 'pick' }
  | { step: 'checking' }
  | { step: 'preview'; file: File; report: ImportReport }
  | { step: 'importing'; file: File; count: number }
  | { step: 'done'; report: ImportReport };

const TONES: Record<ImportRowResult['status'], StatusTone> = { created: 'success', updated: 'info', skipped: 'neutral', rejected: 'danger' };

/** The template as a file the browser downloads (with a BOM, so spreadsheets read it as UTF-8). */
function downloadTemplate(template: ImportTemplate) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', templateCsv(template)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = template.file;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * What the report says, in the person's words: issues and skip reasons translated from their
 * codes (src/api/common/issues.ts, `import.skip.*`) after the screen's labels of their fields.
 */
function useImportText(words: ImportWords = { fields: {} }) {
  const { t } = useTranslation();
  /** The screen's field a path is about: itself, or the list or object it is in (`services.0`, `roomTypes.1.name`). */
  const fieldOf = (path: string): string | undefined => {
    const parts = path.split('.');
    for (let n = parts.length; n > 0; n--) {
      const field = parts.slice(0, n).join('.');
      if (words.fields[field] || words.values?.[field]) return field;
    }
    return undefined;
  };
  const label = (path: string): string => {
    const field = fieldOf(path);
    if (field && words.fields[field]) return words.fields[field];
    if (path === 'row') return t('import.theRow');
    if (path === 'file' || path === 'body' || path === 'rows') return t('import.theFile');
    if (path.startsWith('columns.')) return t('import.column', { column: path.slice('columns.'.length) });
    return path;
  };
  const issues = (list: readonly Pick<ApiIssue, 'path' | 'code' | 'message' | 'params'>[]) =>
    list
      .map((i) => {
        // The values a field may take, as the screen names them ("must be one of: Hotels, Flights").
        const word = words.values?.[fieldOf(i.path) ?? ''];
        const params = word && Array.isArray(i.params.values) ? { ...i.params, values: i.params.values.map((x) => word(String(x))) } : i.params;
        return fieldMessage(label(i.path), issueMessage({ ...i, params }));
      })
      .join('; ');
  const value = (field: string, x: unknown): string => {
    if (x === null || x === undefined || x === '') return t('import.emptyValue');
    if (typeof x === 'boolean') return t(x ? 'import.yes' : 'import.no');
    const word = words.values?.[field];
    if (Array.isArray(x)) return x.map((item) => (typeof item === 'object' ? JSON.stringify(item) : word ? word(String(item)) : String(item))).join(', ');
    if (typeof x === 'object') return JSON.stringify(x);
    return word ? word(String(x)) : String(x);
  };
  /** Why a row was rejected or skipped. */
  const reason = (row: ImportRowResult): string | undefined => {
    if (row.status === 'rejected' && row.issues?.length) return issues(row.issues);
    if (row.code && row.code !== 'DATABASE') {
      const field = row.params?.field;
      return t(`import.skip.${row.code}`, { ...row.params, ...(typeof field === 'string' ? { field: label(field) } : {}) });
    }
    return row.reason;
  };
  /** A file refused as a whole (read here, or by the server), or any other failure. */
  const problem = (error: unknown): string =>
    error instanceof CsvFileError ? issues(error.issues) : error instanceof ApiError && error.status === 400 && error.issues?.length ? issues(error.issues) : errorMessage(error);
  return { label, value, reason, problem };
}

/** "row 3 (Nadia Twin)" for the first few rejected rows, "and 4 more" after them. */
function useRowNames() {
  const { t } = useTranslation();
  return (rows: ImportRowResult[], max: number) => {
    const named = rows.slice(0, max).map((r) => (r.name ? t('import.rowNamed', { row: r.row, name: r.name }) : t('import.rowNumber', { row: r.row })));
    return rows.length > max ? [...named, t('import.more', { count: rows.length - max })] : named;
  };
}

/**
 * Import a CSV or JSON file in two steps: choose the file (a template to start from, the date
 * order when the file may have dates), see the preview (what would be created, updated with the
 * differences, skipped and rejected; nothing is written yet), choose whether rows matching existing
 * records update them, import, and read the per-row report.
 */
export function ImportDialog(props: ImportDialogProps) {
  const { t, i18n } = useTranslation();
  const { role } = useAuth();
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const [dateOrder, setDateOrder] = useState<DateOrder>(() => localeDateOrder(typeof navigator === 'undefined' ? i18n.language : navigator.language));
  const [updateExisting, setUpdateExisting] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'pick' });
  const maxRows = importRowLimit(role.permissions, props.module);
  const mayUpdate = props.updates !== false && (role.permissions[props.module]?.includes('update') ?? false);
  const busy = phase.step === 'checking' || phase.step === 'importing';
  const sizeMb = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);
  const rowNames = useRowNames();
  const text = useImportText(props.words);
  const options = (): ImportOptions => (props.dates ? { dateOrder } : {});

  const preview = async () => {
    if (!file) return;
    setProblem(undefined);
    if (file.size > IMPORT_MAX_BYTES) return setProblem(t('import.tooLarge', { size: sizeMb }));
    setPhase({ step: 'checking' });
    try {
      const rows = await readImportFile(file, props.fromCsv);
      if (rows.length === 0) throw new Error(t('import.empty'));
      if (rows.length > maxRows) throw new Error(t('import.tooManyRows', { count: rows.length, max: maxRows }));
      // Previewed as if "update existing" were chosen, so the differences show; the box decides.
      const report = await props.run(file, { ...options(), preview: true, updateExisting: mayUpdate });
      setUpdateExisting(false);
      setPhase({ step: 'preview', file, report });
    } catch (error) {
      setPhase({ step: 'pick' });
      setProblem(text.problem(error));
    }
  };

  const start = async (chosen: File, count: number) => {
    setPhase({ step: 'importing', file: chosen, count });
    try {
      const report = await props.run(chosen, { ...options(), updateExisting: mayUpdate && updateExisting });
      setPhase({ step: 'done', report });
      const { created, updated, rejected } = report.summary;
      if (rejected === 0) toast.success(props.successMessage);
      else {
        const rows = rowNames(report.rows.filter((r) => r.status === 'rejected'), 3).join(', ');
        toast.warning(t('import.doneWithRejections', { imported: created + updated, rejected, rows }));
      }
    } catch (error) {
      setPhase({ step: 'pick' });
      setProblem(text.problem(error));
    }
  };

  const shown = phase.step === 'preview' ? (updateExisting ? phase.report : withoutUpdates(phase.report)) : undefined;
  const toWrite = shown ? shown.summary.created + shown.summary.updated : 0;
  // Rows matching an existing record: updatable ones (previewed as updates), or ones the import will skip.
  const matching = phase.step === 'preview' ? phase.report.rows.filter((r) => r.status === 'updated' || r.code === 'EXISTS' || r.code === 'DUPLICATE').length : 0;

  const footer = (() => {
    if (phase.step === 'done') {
      return (
        <>
          <Button type="button" text label={t('import.another')} onClick={() => { setFile(undefined); setPhase({ step: 'pick' }); }} />
          <Button type="button" label={t('form.close')} onClick={props.onClose} />
        </>
      );
    }
    if (phase.step === 'preview') {
      return (
        <>
          <Button type="button" text label={t('import.back')} icon="pi pi-arrow-left back-arrow" onClick={() => setPhase({ step: 'pick' })} />
          <Button type="button" text label={t('shell.cancel')} onClick={props.onClose} />
          <Button
            type="button"
            icon="pi pi-upload"
            label={t('import.startCount', { count: toWrite })}
            disabled={toWrite === 0}
            onClick={() => void start(phase.file, toWrite)}
            data-testid="import-start"
          />
        </>
      );
    }
    return (
      <>
        <Button type="button" text label={t('shell.cancel')} onClick={props.onClose} disabled={busy} />
        <Button type="button" icon="pi pi-eye" label={t('import.preview')} onClick={() => void preview()} disabled={!file || busy} loading={busy} data-testid="import-preview" />
      </>
    );
  })();

  return (
    <Dialog
      visible
      onHide={() => !busy && props.onClose()}
      closable={!busy}
      header={props.title}
      style={{ width: 'min(920px, 95vw)' }}
      footer={
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          {footer}
        </div>
      }
    >
      {phase.step === 'done' && <ImportReportView report={phase.report} words={props.words} />}
      {phase.step === 'preview' && shown && <ImportPreview report={shown} matching={matching} mayUpdate={mayUpdate} updateExisting={updateExisting} setUpdateExisting={setUpdateExisting} words={props.words} neverUpdates={props.updates === false} />}
      {(phase.step === 'pick' || phase.step === 'checking' || phase.step === 'importing') && (
        <ImportPick
          props={props}
          phase={phase}
          busy={busy}
          problem={problem}
          maxRows={maxRows}
          dateOrder={dateOrder}
          setDateOrder={setDateOrder}
          onFile={(chosen) => {
            setProblem(undefined);
            setFile(chosen);
          }}
        />
      )}
    </Dialog>
  );
}

/** Choosing the file: the file, its limits and columns, the template, how its dates are written; then the check's or the import's progress. */
function ImportPick({ props, phase, busy, problem, maxRows, dateOrder, setDateOrder, onFile }: {
  props: ImportDialogProps;
  phase: Phase;
  busy: boolean;
  problem?: string;
  maxRows: number;
  dateOrder: DateOrder;
  setDateOrder: (order: DateOrder) => void;
  onFile: (file: File | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const orderId = useId();
  const sizeMb = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor={inputId}>{t('import.pickFile')}</label>
        <input
          id={inputId}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          disabled={busy}
          aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <small id={`${inputId}-hint`} className="muted">
          {t('import.fileHint', { rows: maxRows.toLocaleString(i18n.language), size: sizeMb })}
          <br />
          {t('import.columns', { columns: props.template.columns.join(', ') })}
          {props.hint && (
            <>
              <br />
              {props.hint}
            </>
          )}
        </small>
        {problem && (
          <small id={`${inputId}-error`} className="field-error" role="alert" data-testid="import-problem">
            {problem}
          </small>
        )}
      </div>
      <div>
        <Button type="button" outlined icon="pi pi-download" label={t('import.template')} onClick={() => downloadTemplate(props.template)} disabled={busy} />
      </div>
      {props.dates && (
        <fieldset className="fieldset" disabled={busy}>
          <legend id={orderId}>{t('import.dateOrder')}</legend>
          <div className="row" role="radiogroup" aria-labelledby={orderId} style={{ gap: '1.25rem' }}>
            {DATE_ORDERS.map((order) => (
              <div key={order} className="field--inline row">
                <RadioButton inputId={`${orderId}-${order}`} name={orderId} value={order} checked={dateOrder === order} onChange={() => setDateOrder(order)} />
                <label htmlFor={`${orderId}-${order}`}>{t(`import.dateOrders.${order}`)}</label>
              </div>
            ))}
          </div>
          <small className="muted">{t('import.dateOrderHint')}</small>
        </fieldset>
      )}
      {phase.step === 'checking' && <ProgressBar mode="indeterminate" style={{ height: 6 }} aria-label={t('import.checking')} />}
      {phase.step === 'importing' && (
        <div className="stack" style={{ gap: '0.35rem' }}>
          <ProgressBar mode="indeterminate" style={{ height: 6 }} aria-label={t('import.importing', { count: phase.count })} data-testid="import-progress" />
          <span className="muted" aria-live="polite">
            {t('import.importing', { count: phase.count })}
          </span>
        </div>
      )}
    </div>
  );
}

/** The preview: what the file would do, whether rows matching existing records update them, the rejected rows and every row. */
function ImportPreview({ report, matching, mayUpdate, updateExisting, setUpdateExisting, words, neverUpdates }: { report: ImportReport; matching: number; mayUpdate: boolean; updateExisting: boolean; setUpdateExisting: (update: boolean) => void; words?: ImportWords; neverUpdates: boolean }) {
  const { t } = useTranslation();
  const updateId = useId();
  return (
    <div className="stack">
      <p role="status" className="import-summary" data-testid="import-preview-summary">
        {t('import.previewSummary', { ...report.summary })}
      </p>
      {matching > 0 &&
        (mayUpdate ? (
          <div className="stack" style={{ gap: '0.25rem' }}>
            <div className="field--inline row">
              <Checkbox inputId={updateId} checked={updateExisting} onChange={(e) => setUpdateExisting(!!e.checked)} aria-describedby={`${updateId}-hint`} data-testid="import-update-existing" />
              <label htmlFor={updateId}>{t('import.updateExisting', { count: matching })}</label>
            </div>
            <small id={`${updateId}-hint`} className="muted">
              {t('import.updateExistingHint')}
            </small>
          </div>
        ) : (
          <p className="muted">{t(neverUpdates ? 'import.neverUpdates' : 'import.noUpdatePermission')}</p>
        ))}
      <RejectedRows report={report} words={words} />
      <ImportRowsTable report={report} words={words} preview />
    </div>
  );
}

/** The rejected rows, named, above the table: what the person has to fix in the file. */
function RejectedRows({ report, words }: { report: ImportReport; words?: ImportWords }) {
  const { t } = useTranslation();
  const text = useImportText(words);
  const rejected = report.rows.filter((r) => r.status === 'rejected');
  const rowNames = useRowNames();
  if (!rejected.length) return null;
  const names = rowNames(rejected, 5);
  return (
    <div className="import-notice" data-testid="import-rejected">
      <strong>{t(report.preview ? 'import.willReject' : 'import.rejectedRows', { count: rejected.length })}</strong>
      <ul>
        {rejected.slice(0, 5).map((r, i) => (
          <li key={r.row}>
            {names[i]}: {text.reason(r)}
          </li>
        ))}
        {rejected.length > 5 && <li>{names[5]}</li>}
      </ul>
    </div>
  );
}

/** What happens to the row: the changes of an update, else the reason, in the person's words. */
function RowDetails({ row, words }: { row: ImportRowResult; words?: ImportWords }) {
  const { t } = useTranslation();
  const text = useImportText(words);
  const changes: FieldChange[] = row.changes ?? [];
  const reason = text.reason(row);
  return (
    <div className="stack" style={{ gap: '0.2rem' }}>
      {reason && <span>{reason}</span>}
      {changes.length > 0 && (
        <ul className="import-changes" aria-label={t('import.changes')}>
          {changes.map((c) => (
            <li key={c.field}>
              {text.label(c.field)}: <del>{text.value(c.field, c.from)}</del> → <ins>{text.value(c.field, c.to)}</ins>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Every row with its result; rows that are not simply created first in view (a box shows them all). */
function ImportRowsTable({ report, words, preview = false }: { report: ImportReport; words?: ImportWords; preview?: boolean }) {
  const { t } = useTranslation();
  const notCreated = report.rows.length - report.summary.created;
  const [onlyNotCreated, setOnlyNotCreated] = useState(notCreated > 0);
  const rows = useMemo(() => (onlyNotCreated ? report.rows.filter((r) => r.status !== 'created') : report.rows), [report, onlyNotCreated]);
  const checkboxId = useId();
  const labels = preview ? 'import.willBe' : 'import.statuses';
  return (
    <>
      {notCreated > 0 && (
        <div className="field--inline row">
          <Checkbox inputId={checkboxId} checked={onlyNotCreated} onChange={(e) => setOnlyNotCreated(!!e.checked)} />
          <label htmlFor={checkboxId}>{t('import.onlyNotCreated')}</label>
        </div>
      )}
      <DataTable value={rows} dataKey="row" paginator={rows.length > 20} rows={20} size="small" emptyMessage={t('list.empty')} data-testid="import-rows">
        <Column field="row" header={t('import.row')} style={{ width: '5rem' }} />
        <Column field="status" header={t('import.status')} body={(r: ImportRowResult) => <StatusTag status={r.status} tone={TONES[r.status]} label={t(`${labels}.${r.status}`)} />} />
        <Column field="name" header={t('import.name')} />
        <Column header={t('import.details')} body={(r: ImportRowResult) => <RowDetails row={r} words={words} />} />
      </DataTable>
    </>
  );
}

/** The per-row answer of an import: counts, the rejected rows named, then each row with its result. */
export function ImportReportView({ report, words }: { report: ImportReport; words?: ImportWords }) {
  const { t } = useTranslation();
  return (
    <section className="stack" aria-label={t('import.report')} data-testid="import-report">
      <p role="status" className="import-summary" data-testid="import-summary">
        {t('import.summary', { ...report.summary })}
      </p>
      <RejectedRows report={report} words={words} />
      <ImportRowsTable report={report} words={words} />
    </section>
  );
}
