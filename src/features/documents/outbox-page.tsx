import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/dialog';
import { Dropdown } from 'primereact/dropdown';
import { SEND_STATUSES, type DocumentSend } from '../../api/documents/contract';
import { cleanFileName } from '../../api/common/file-name';
import { attachmentUrl, emlUrl, useMessage, useOutbox, type OutboxParams } from '../../api/documents/get-documents';
import { DROPDOWN_PT } from '../../ui/form-fields';
import { FilterField } from '../../ui/filter-fields';
import { useOrgFormatters } from '../../ui/org-format';
import { emptyTexts, ListPage, toQuery, useListState, type FilterParamKind, type ListColumn } from '../../ui/list-page';
import { senderName, SendStatusTag } from '../../ui/send-document-dialog';

const OUTBOX_FILTER_PARAMS: Record<string, FilterParamKind> = { status: 'text' };

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** One email: its headers, message and attachments, with the `.eml` download. */
function MessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const message = useMessage(id).data;
  return (
    <Dialog visible onHide={onClose} header={message?.subject ?? t('documents.outbox.message')} style={{ width: 'min(720px, 95vw)' }}>
      {message && (
        <div className="stack" data-testid="outbox-message">
          <dl className="detail-list">
            <dt>{t('documents.outbox.status')}</dt>
            <dd>
              <SendStatusTag send={message} />
            </dd>
            <dt>{t('documents.outbox.from')}</dt>
            <dd>
              {message.from.name}
              {message.from.address && (
                <>
                  {' '}
                  <span dir="ltr">&lt;{message.from.address}&gt;</span>
                </>
              )}
            </dd>
            <dt>{t('documents.outbox.to')}</dt>
            <dd dir="ltr">{message.to.join(', ')}</dd>
            {message.cc.length > 0 && (
              <>
                <dt>{t('documents.outbox.cc')}</dt>
                <dd dir="ltr">{message.cc.join(', ')}</dd>
              </>
            )}
            <dt>{t('documents.outbox.record')}</dt>
            <dd>
              {t(`documents.kinds.${message.document}`, { defaultValue: message.document })} <span dir="ltr">{message.recordLabel}</span>
            </dd>
            <dt>{t('documents.outbox.created')}</dt>
            <dd>{t('documents.send.by', { name: senderName(message, t), when: fmt.dateTime(message.createdAt) })}</dd>
            {message.sentAt && (
              <>
                <dt>{t('documents.outbox.sentAt')}</dt>
                <dd>{fmt.dateTime(message.sentAt)}</dd>
              </>
            )}
            {message.serverResponse && (
              <>
                <dt>{t('documents.outbox.serverResponse')}</dt>
                <dd dir="ltr">{message.serverResponse}</dd>
              </>
            )}
            {message.lastError && (
              <>
                <dt>{t('documents.outbox.lastError')}</dt>
                <dd dir="ltr">{message.lastError}</dd>
              </>
            )}
          </dl>
          <h3 style={{ margin: 0, fontSize: '1rem' }}>{t('documents.outbox.message')}</h3>
          <pre className="outbox-message" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }} dir="auto">
            {message.message}
          </pre>
          <h3 style={{ margin: 0, fontSize: '1rem' }}>{t('documents.outbox.attachments')}</h3>
          <ul className="stack" style={{ gap: '0.25rem', margin: 0 }}>
            {message.attachments.map((a) => (
              <li key={a._id}>
                <a href={attachmentUrl(message._id, a._id)} download={cleanFileName(a.fileName)}>
                  <i className={a.contentType === 'application/pdf' ? 'pi pi-file-pdf' : 'pi pi-file'} aria-hidden="true" /> <span dir="ltr">{cleanFileName(a.fileName)}</span>
                </a>{' '}
                <span className="muted">{kb(a.size)}</span>
              </li>
            ))}
          </ul>
          <div className="row" style={{ justifyContent: 'flex-end' }}>
            <a className="p-button p-button-outlined" href={emlUrl(message._id)} download>
              <i className="pi pi-download" aria-hidden="true" />
              <span className="p-button-label" style={{ marginInlineStart: '0.5rem' }}>
                {t('documents.outbox.downloadEml')}
              </span>
            </a>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** `/configurations/outbox`: every email of the organization, newest first, by status; open one to read it. */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const fmt = useOrgFormatters();
  const [state, setState] = useListState({ sortBy: 'createdAt', sortOrder: 'desc', filterParams: OUTBOX_FILTER_PARAMS });
  const outbox = useOutbox(toQuery(state) as OutboxParams);
  const [open, setOpen] = useState<string>();

  const columns = useMemo<ListColumn<DocumentSend>[]>(
    () => [
      { field: 'createdAt', header: t('documents.outbox.created'), body: (m) => fmt.dateTime(m.createdAt) },
      { field: 'status', header: t('documents.outbox.status'), body: (m) => <SendStatusTag send={m} /> },
      { field: 'to', header: t('documents.outbox.to'), body: (m) => <span dir="ltr">{m.to.join(', ')}</span> },
      { field: 'subject', header: t('documents.outbox.subject'), body: (m) => <span dir="auto">{m.subject}</span> },
      {
        field: 'record',
        header: t('documents.outbox.record'),
        body: (m) => (
          <span>
            {t(`documents.kinds.${m.document}`, { defaultValue: m.document })} <span dir="ltr">{m.recordLabel}</span>
          </span>
        ),
      },
      { field: 'sentBy', header: t('documents.outbox.sentBy'), body: (m) => senderName(m, t) },
      { field: 'attachments', header: t('documents.outbox.attachments'), hiddenByDefault: true, body: (m) => String(m.attachments.length) },
    ],
    [t, fmt],
  );

  return (
    <div className="stack">
      <ListPage<DocumentSend>
        key={i18n.language}
        id="outbox"
        title={t('documents.outbox.title')}
        empty={emptyTexts(t, 'documents.outbox.empty')}
        above={<p className="muted">{t('documents.outbox.intro')}</p>}
        columns={columns}
        state={state}
        onChange={setState}
        answer={outbox.data}
        loading={outbox.isFetching}
        onOpen={(m) => setOpen(m._id)}
        filterPanel={
          <FilterField id="f-outbox-status" label={t('documents.outbox.status')}>
            <Dropdown
              inputId="f-outbox-status"
              value={(state.filters.status as string | undefined) ?? ''}
              options={[{ value: '', label: t('documents.outbox.anyStatus') }, ...SEND_STATUSES.map((s) => ({ value: s, label: t(`documents.statuses.${s}`) }))]}
              optionLabel="label"
              optionValue="value"
              pt={DROPDOWN_PT}
              onChange={(e) => setState({ filters: { ...state.filters, status: e.value || undefined }, page: 1 })}
            />
          </FilterField>
        }
      />
      {open && <MessageDialog id={open} onClose={() => setOpen(undefined)} />}
    </div>
  );
}
