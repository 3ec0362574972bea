import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Checkbox } from 'primereact/checkbox';
import { ImportFileError, rowsFromFile, type ImportProgress } from '../api/common/import-chunks';
import type { ImportReport, ImportRowResult } from '../api/common/import';
import { StatusTag } from './status-tag';

export interface ImportDialogProps {
  title: string;
  /** The resource's CSV reader (shared with the server), e.g. `vendorRowsFromCsv`. */
  fromCsv: (text: string) => { rows: unknown[] };
  /** Sends the rows (in chunks) and answers the merged report; the client toasts a failure. */
  run: (rows: unknown[], onProgress: (p: ImportProgress) => void) => Promise<ImportReport>;
  /** After a finished import (the success toast). */
  onImported?: (report: ImportReport) => void;
  onClose: () => void;
  maxRows: number;
  maxBytes: number;
  /** Shown as a hint: the columns a CSV file may have. */
  columns?: string[];
}

type Phase = { step: 'pick' } | { step: 'reading' } | { step: 'sending'; progress: ImportProgress } | { step: 'done'; report: ImportReport };

/** Pick a CSV or JSON file, import it with a progress bar, then read the per-row report. */
export function ImportDialog(props: ImportDialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const [phase, setPhase] = useState<Phase>({ step: 'pick' });
  const busy = phase.step === 'reading' || phase.step === 'sending';
  const sizeMb = Math.round(props.maxBytes / 1024 / 1024);

  const start = async () => {
    if (!file) return;
    setProblem(undefined);
    if (file.size > props.maxBytes) return setProblem(t('import.tooLarge', { size: sizeMb }));
    setPhase({ step: 'reading' });
    let rows: unknown[];
    try {
      rows = rowsFromFile(file.name, await file.text(), props.fromCsv);
    } catch (error) {
      setPhase({ step: 'pick' });
      return setProblem(error instanceof ImportFileError ? error.message : String(error));
    }
    if (rows.length === 0) {
      setPhase({ step: 'pick' });
      return setProblem(t('import.empty'));
    }
    if (rows.length > props.maxRows) {
      setPhase({ step: 'pick' });
      return setProblem(t('import.tooManyRows', { count: rows.length, max: props.maxRows }));
    }
    setPhase({ step: 'sending', progress: { done: 0, total: rows.length } });
    try {
      const report = await props.run(rows, (progress) => setPhase({ step: 'sending', progress }));
      setPhase({ step: 'done', report });
      props.onImported?.(report);
    } catch {
      // The client has toasted the failure (and chunks already written are in the report's place: the list refetches).
      setPhase({ step: 'pick' });
    }
  };

  return (
    <Dialog
      visible
      onHide={() => !busy && props.onClose()}
      closable={!busy}
      header={props.title}
      style={{ width: 'min(820px, 95vw)' }}
      footer={
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          {phase.step === 'done' ? (
            <>
              <Button type="button" text label={t('import.another')} onClick={() => { setFile(undefined); setPhase({ step: 'pick' }); }} />
              <Button type="button" label={t('form.close')} onClick={props.onClose} />
            </>
          ) : (
            <>
              <Button type="button" text label={t('shell.cancel')} onClick={props.onClose} disabled={busy} />
              <Button type="button" icon="pi pi-upload" label={t('import.start')} onClick={() => void start()} disabled={!file || busy} loading={busy} data-testid="import-start" />
            </>
          )}
        </div>
      }
    >
      {phase.step === 'done' ? (
        <ImportReportView report={phase.report} />
      ) : (
        <div className="stack">
          <div className="field">
            <label htmlFor={inputId}>{t('import.pickFile')}</label>
            <input
              id={inputId}
              type="file"
              accept=".csv,.json,text/csv,application/json"
              disabled={busy}
              aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
              onChange={(e) => {
                setProblem(undefined);
                setFile(e.target.files?.[0]);
              }}
            />
            <small id={`${inputId}-hint`} className="muted">
              {t('import.fileHint', { rows: props.maxRows.toLocaleString(), size: sizeMb })}
              {props.columns && (
                <>
                  <br />
                  {t('import.columns', { columns: props.columns.join(', ') })}
                </>
              )}
            </small>
            {problem && (
              <small id={`${inputId}-error`} className="field-error" role="alert">
                {problem}
              </small>
            )}
          </div>
          {phase.step === 'reading' && <ProgressBar mode="indeterminate" style={{ height: 6 }} aria-label={t('import.reading')} />}
          {phase.step === 'sending' && (
            <div className="stack" style={{ gap: '0.35rem' }}>
              <ProgressBar
                value={Math.round((phase.progress.done / Math.max(1, phase.progress.total)) * 100)}
                aria-label={t('import.progress', { ...phase.progress })}
                data-testid="import-progress"
              />
              <span className="muted" aria-live="polite">
                {t('import.progress', { ...phase.progress })}
              </span>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** The per-row answer: counts, then each row with its result and, for a rejected one, the reason. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  const [onlyRejected, setOnlyRejected] = useState(report.summary.rejected > 0);
  const rows = useMemo(() => (onlyRejected ? report.rows.filter((r) => r.status === 'rejected') : report.rows), [report, onlyRejected]);
  const checkboxId = useId();
  return (
    <section className="stack" aria-label={t('import.report')} data-testid="import-report">
      <p role="status" style={{ margin: 0, fontWeight: 600 }} data-testid="import-summary">
        {t('import.summary', { ...report.summary })}
      </p>
      {report.summary.rejected > 0 && (
        <div className="field--inline row">
          <Checkbox inputId={checkboxId} checked={onlyRejected} onChange={(e) => setOnlyRejected(!!e.checked)} />
          <label htmlFor={checkboxId}>{t('import.onlyRejected')}</label>
        </div>
      )}
      <DataTable value={rows} dataKey="row" paginator={rows.length > 20} rows={20} size="small" emptyMessage={t('list.empty')}>
        <Column field="row" header={t('import.row')} style={{ width: '5rem' }} />
        <Column field="status" header={t('import.status')} body={(r: ImportRowResult) => <StatusTag status={r.status} />} />
        <Column field="name" header={t('import.name')} />
        <Column field="reason" header={t('import.reason')} />
      </DataTable>
    </section>
  );
}
