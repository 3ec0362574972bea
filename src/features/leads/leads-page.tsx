import { useMemo, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { FOLLOW_UP_TYPES, LEAD_STATES, LEAD_TABLE_PAGE_SIZE, type FollowUpType, type Lead, type LeadStats } from '../../api/leads/contract';
import { useLeads, type LeadsParams } from '../../api/leads/get-leads';
import { LEAD_IMPORT_TEMPLATE, leadRowsFromCsv } from '../../api/leads/import';
import { useImportLeads } from '../../api/leads/save-lead';
import { useCan } from '../../ui/auth';
import { ReachLine, RecordCard } from '../../ui/record-card';
import { ImportDialog } from '../../ui/import-dialog';
import { emptyTexts, ListPage, toQuery, useListState, writeFilterParams, type FilterValue, type ListColumn, type ListState, listProps } from '../../ui/list-page';
import { modulePath, moduleRecordPath } from '../../ui/module-paths';
import { allTile, filterTile, StatsHeader, type StatItem } from '../../ui/stats-header';
import { FollowUpTime, RespondFromListDialog } from './lead-follow-ups';
import { useOrgFormatters } from '../../ui/org-format';
import { followUpsOf, LEAD_FILTER_PARAMS, LeadFilterPanel, TODAYS_FOLLOW_UPS } from './lead-filters';
import { LeadFormDialog } from './lead-form-dialog';
import { LeadStatusTag } from './lead-status';

/** The address of today's (and missed) follow-ups: the leads list with that filter, so it can be bookmarked. */
export function followUpsPath(type: FollowUpType = 'todayAndMissed') {
  const params = new URLSearchParams();
  writeFilterParams(params, { followups: { ...TODAYS_FOLLOW_UPS, type } }, LEAD_FILTER_PARAMS);
  return `${modulePath('leads')}?${params.toString()}`;
}

/** `/leads/follow-ups` (a short address for notifications and bookmarks): the leads list on today's follow-ups. */
export function FollowUpsRedirect() {
  return <Navigate to={followUpsPath()} replace />;
}

/** Counts by status over every filter but status (the server's `stats`); a tile shows only its status. */
function LeadStatsHeader({ stats, filters, setFilter }: { stats?: LeadStats; filters: ListState['filters']; setFilter: (key: string, value: FilterValue) => void }) {
  const { t } = useTranslation();
  const items: StatItem[] = [
    { key: 'total', label: t('leads.stats.total'), value: stats?.total, ...allTile(filters, () => setFilter('status', undefined), ['status']) },
    ...LEAD_STATES.map((s) => ({ key: s, label: t(`status.${s}`), value: stats?.byStatus[s], ...filterTile(filters, setFilter, 'status', s) })),
  ];
  return <StatsHeader label={t('leads.stats.label')} items={items} testId="lead-stats" />;
}

/** All leads, or the follow-ups view; in the follow-ups view, which follow-ups. */
function ViewSwitch({ type, onType }: { type?: FollowUpType; onType: (type: FollowUpType) => void }) {
  const { t } = useTranslation();
  return (
    <div className="row" style={{ justifyContent: 'space-between' }}>
      <nav aria-label={t('leads.views')} className="row">
        <Link to={modulePath('leads')} className={type ? 'p-button p-button-text' : 'p-button p-button-outlined'} aria-current={type ? undefined : 'page'}>
          {t('leads.allLeads')}
        </Link>
        <Link to={followUpsPath()} className={type ? 'p-button p-button-outlined' : 'p-button p-button-text'} aria-current={type ? 'page' : undefined} data-testid="todays-follow-ups-link">
          <i className="pi pi-calendar" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
          {t('leads.followUps.today')}
        </Link>
      </nav>
      {type && (
        <SelectButton
          aria-label={t('leads.followUps.type')}
          value={type}
          allowEmpty={false}
          options={FOLLOW_UP_TYPES.map((x) => ({ value: x, label: t(`leads.followUpTypes.${x}`) }))}
          optionLabel="label"
          optionValue="value"
          onChange={(e) => e.value && onType(e.value as FollowUpType)}
          data-testid="follow-up-type"
        />
      )}
    </div>
  );
}

/** A row's *Respond*: answers the lead's earliest open follow-up (only when it has one). */
function RespondButton({ lead, onRespond }: { lead: Lead; onRespond: (leadId: string) => void }) {
  const { t } = useTranslation();
  const can = useCan();
  if (!lead.followUp || !can('leads', 'update')) return null;
  return (
    <Button
      type="button"
      size="small"
      outlined
      icon="pi pi-reply"
      label={t('leads.followUps.respondShort')}
      style={{ whiteSpace: 'nowrap' }}
      aria-label={`${t('leads.followUps.respondShort')}: ${lead.name}`}
      onClick={(e) => {
        e.stopPropagation();
        onRespond(lead._id);
      }}
    />
  );
}

/** `/leads`: the pipeline list (20 a page, ascending by the next follow-up), its counts, filters in the address, create and import. */
export function LeadsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const fmt = useOrgFormatters();
  const [state, setState, setFilter] = useListState({ limit: LEAD_TABLE_PAGE_SIZE, sortBy: 'followUp', sortOrder: 'asc', filterParams: LEAD_FILTER_PARAMS });
  const query = useLeads(toQuery(state) as LeadsParams);
  const importLeads = useImportLeads();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [responding, setResponding] = useState<string>();
  const followUps = followUpsOf(state.filters);

  const columns = useMemo<ListColumn<Lead>[]>(
    () => [
      { field: '_id', header: t('leads.fields.id'), hiddenByDefault: true },
      {
        field: 'name',
        header: t('leads.fields.name'),
        sortable: true,
        body: (l) => (
          <Link to={moduleRecordPath('leads', l._id)} onClick={(e) => e.stopPropagation()}>
            {l.name}
          </Link>
        ),
      },
      { field: 'phone', header: t('leads.fields.phone'), body: (l) => <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>{l.phone}</span> },
      { field: 'status', header: t('leads.fields.status'), sortable: true, body: (l) => <LeadStatusTag status={l.status} /> },
      { field: 'followUp', header: t('leads.fields.followUp'), sortable: true, body: (l) => (l.followUp ? <FollowUpTime dueAt={l.followUp} /> : t('leads.none')) },
      { field: 'assignedTo', header: t('leads.fields.assignedTo'), body: (l) => <span style={{ whiteSpace: 'nowrap' }}>{l.assignedTo?.name ?? t('leads.unassigned')}</span> },
      { field: 'comment', header: t('leads.fields.comment'), body: (l) => <span style={{ display: 'inline-block', maxWidth: '9.5rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={l.comment ?? undefined}>{l.comment ?? ''}</span> },
      { field: 'email', header: t('leads.fields.email'), hiddenByDefault: true, body: (l) => <span dir="ltr">{l.email}</span> },
      { field: 'source', header: t('leads.fields.source'), hiddenByDefault: true, body: (l) => t(`leads.sources.${l.source}`) },
      { field: 'regions', header: t('leads.fields.regions'), hiddenByDefault: true, body: (l) => l.regions.map((r) => r.name).join(', ') },
      { field: 'destinations', header: t('leads.fields.destinations'), hiddenByDefault: true, body: (l) => l.destinations.map((d) => d.name).join(', ') },
      { field: 'queryDate', header: t('leads.fields.queryDate'), sortable: true, hiddenByDefault: true, body: (l) => fmt.date(l.queryDate) },
      { field: 'createdAt', header: t('leads.fields.createdAt'), sortable: true, hiddenByDefault: true, body: (l) => fmt.dateTime(l.createdAt) },
      { field: 'actions', header: t('records.actions'), body: (l) => <RespondButton lead={l} onRespond={setResponding} /> },
    ],
    [t, fmt],
  );

  const title = followUps ? t(`leads.followUps.titles.${followUps.type}`) : t('leads.title');

  return (
    <>
      <ListPage<Lead>
        id="leads"
        title={title}
        actions={
          <span className="row">
            {can('leads', 'create') && <Button type="button" outlined icon="pi pi-upload" label={t('leads.importLeads')} onClick={() => setImporting(true)} />}
            {can('leads', 'create') && <Button type="button" icon="pi pi-plus" label={t('leads.newLead')} onClick={() => setCreating(true)} />}
          </span>
        }
        above={
          <>
            <ViewSwitch type={followUps?.type} onType={(type) => setFilter('followups', { enabled: 'true', type })} />
            <LeadStatsHeader stats={query.data?.stats} filters={state.filters} setFilter={setFilter} />
          </>
        }
        columns={columns}
        {...listProps(state, setState, query)}
        defaultLayout="table"
        empty={
          followUps
            ? emptyTexts(t, 'leads.followUps.noneDue')
            : can('leads', 'create')
              ? {
                  title: t('leads.empty.title'),
                  hint: t('leads.empty.create'),
                  action: (
                    <>
                      <Button type="button" icon="pi pi-plus" label={t('leads.newLead')} onClick={() => setCreating(true)} />
                      <Button type="button" outlined icon="pi pi-upload" label={t('leads.importLeads')} onClick={() => setImporting(true)} />
                    </>
                  ),
                }
              : emptyTexts(t, 'leads.empty')
        }
        viewFilters={followUps ? ['followups'] : undefined}
        pageSizes={[10, 20, 50, 100]}
        onOpen={(l) => navigate(moduleRecordPath('leads', l._id))}
        renderCard={(l) => (
          <RecordCard name={l.name} to={moduleRecordPath('leads', l._id)} badge={<LeadStatusTag status={l.status} />} data={{ 'data-lead': l.name }}>
            <ReachLine phone={l.phone} email={l.email} />
            <div className="muted">{l.assignedTo?.name ?? t('leads.unassigned')}</div>
            {l.followUp && <FollowUpTime dueAt={l.followUp} />}
            <RespondButton lead={l} onRespond={setResponding} />
          </RecordCard>
        )}
        filterPanel={<LeadFilterPanel filters={state.filters} onChange={setFilter} />}
      />
      {creating && <LeadFormDialog onClose={() => setCreating(false)} />}
      {responding && <RespondFromListDialog leadId={responding} onClose={() => setResponding(undefined)} />}
      {importing && (
        <ImportDialog
          title={t('leads.importLeads')}
          module="leads"
          fromCsv={leadRowsFromCsv}
          template={LEAD_IMPORT_TEMPLATE}
          dates
          updates={false}
          run={(file, options) => importLeads.mutateAsync({ file, options })}
          words={{ fields: t('leads.fields', { returnObjects: true }) as Record<string, string>, values: { source: (x) => t(`leads.sources.${x}`, x) } }}
          successMessage={t('leads.imported')}
          onClose={() => setImporting(false)}
        />
      )}
    </>
  );
}
