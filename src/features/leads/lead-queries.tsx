import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { commentInput, createQueryInput, updateQueryInput, type CreateQueryInput, type LeadDetail, type LeadQuery, type UpdateQueryInput } from '../../api/leads/contract';
import { useAddLeadQuery, useAddQueryComment, useUpdateLeadQuery } from '../../api/leads/save-lead';
import { useAuth } from '../../ui/auth';
import { DestinationField, RegionField } from '../../ui/catalogue-pickers';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, DateField, FormError, NumberField, TextAreaField } from '../../ui/form-fields';
import { FormDialog } from '../../ui/form-dialog';
import { MoneyField } from '../../ui/money-field';
import { isOpenLead } from '../../machines/lead-machine';
import { useOrgFormatters } from '../../ui/org-format';
import { LeadSection } from './lead-section';

interface QueryValues {
  travelFrom: string | null;
  travelTo: string | null;
  adults: number | undefined;
  children: number | undefined;
  infants: number | undefined;
  regions: string[];
  destinations: string[];
  /** Minor units (the field shows major units). */
  budget: number | null | undefined;
  notes: string;
}

const toForm = (q: LeadQuery | undefined): QueryValues => ({
  travelFrom: q?.travelFrom ?? null,
  travelTo: q?.travelTo ?? null,
  adults: q?.adults ?? 1,
  children: q?.children ?? 0,
  infants: q?.infants ?? 0,
  regions: q?.regions.map((r) => r._id) ?? [],
  destinations: q?.destinations.map((d) => d._id) ?? [],
  budget: q?.budget ?? null,
  notes: q?.notes ?? '',
});

/** What the dialog sends: an emptied budget clears it; a change names its query. */
const queryInput = (query: LeadQuery | undefined) => (values: QueryValues) => ({ ...values, budget: values.budget ?? null, ...(query ? { queryId: query._id } : {}) });

/** Add a trip enquiry (`POST /leads/{id}/query`) or change one (`PUT /leads/{id}/query` with its `queryId`). */
export function QueryFormDialog({ lead, query, onClose }: { lead: LeadDetail; query?: LeadQuery; onClose: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const add = useAddLeadQuery();
  const update = useUpdateLeadQuery();
  const { control, handleSubmit, setError, formState } = useForm<QueryValues, unknown, CreateQueryInput | UpdateQueryInput>({
    resolver: contractResolver<typeof createQueryInput | typeof updateQueryInput, QueryValues>(query ? updateQueryInput : createQueryInput, { toInput: queryInput(query) }),
    defaultValues: toForm(query),
  });
  const regions = useWatch({ control, name: 'regions' });
  const submit = handleSubmit(async (input) => {
    try {
      if (query) await update.mutateAsync({ id: lead._id, input: input as UpdateQueryInput });
      else await add.mutateAsync({ id: lead._id, input: input as CreateQueryInput });
      toast.success(t(query ? 'leads.queries.updated' : 'leads.queries.added'));
      onClose();
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });
  return (
    <FormDialog id="lead-query-form" header={t(query ? 'leads.queries.edit' : 'leads.queries.add')} onClose={onClose} onSubmit={submit} formState={formState}>
      <div className="form-grid">
        <DateField control={control} name="travelFrom" label={t('leads.queries.travelFrom')} />
        <DateField control={control} name="travelTo" label={t('leads.queries.travelTo')} />
        <NumberField control={control} name="adults" label={t('leads.queries.adults')} min={1} max={99} />
        <NumberField control={control} name="children" label={t('leads.queries.children')} min={0} max={99} />
        <NumberField control={control} name="infants" label={t('leads.queries.infants')} min={0} max={99} />
        <MoneyField control={control} name="budget" label={t('leads.queries.budget')} currency={organization.currency} />
        <RegionField control={control} name="regions" label={t('leads.fields.regions')} multiple />
        <DestinationField control={control} name="destinations" label={t('leads.fields.destinations')} multiple regions={regions} />
      </div>
      <TextAreaField control={control} name="notes" label={t('leads.queries.notes')} />
    </FormDialog>
  );
}

/** `POST /leads/{id}/query/{queryId}/comment`. */
function CommentForm({ lead, query }: { lead: LeadDetail; query: LeadQuery }) {
  const { t } = useTranslation();
  const addComment = useAddQueryComment();
  const { control, handleSubmit, setError, reset, formState } = useForm<{ text: string }, unknown, { text: string }>({
    resolver: contractResolver(commentInput),
    defaultValues: { text: '' },
  });
  const submit = handleSubmit(async ({ text }) => {
    try {
      await addComment.mutateAsync({ id: lead._id, queryId: query._id, text });
      toast.success(t('leads.queries.commented'));
      reset({ text: '' });
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });
  return (
    <form className="stack" style={{ gap: '0.5rem' }} onSubmit={submit} noValidate aria-label={t('leads.queries.addComment')}>
      <TextAreaField control={control} name="text" label={t('leads.queries.comment')} />
      <FormError message={formState.errors.root?.message} />
      <div>
        <Button type="submit" size="small" outlined icon="pi pi-comment" label={t('leads.queries.addComment')} loading={formState.isSubmitting} />
      </div>
    </form>
  );
}

/** A query with its comments; `onEdit` only while the lead is open (a closed lead's enquiries stay as they were; comments may still be added). */
function QueryCard({ lead, query, index, canUpdate, onEdit }: { lead: LeadDetail; query: LeadQuery; index: number; canUpdate: boolean; onEdit?: (q: LeadQuery) => void }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const none = t('leads.none');
  const pax = fmt.list([
    t('leads.queries.paxAdults', { count: query.adults }),
    ...(query.children ? [t('leads.queries.paxChildren', { count: query.children })] : []),
    ...(query.infants ? [t('leads.queries.paxInfants', { count: query.infants })] : []),
  ]);
  const dates = query.travelFrom || query.travelTo ? `${fmt.date(query.travelFrom) || '…'} – ${fmt.date(query.travelTo) || '…'}` : none;
  const places = [...query.regions, ...query.destinations].map((p) => p.name);
  const titleId = `lead-query-${query._id}`;
  return (
    <article className="card stack" style={{ padding: '1rem', gap: '0.75rem' }} aria-labelledby={titleId} data-query={query._id}>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h3 id={titleId} style={{ margin: 0, fontSize: '1rem' }}>
          {t('leads.queries.number', { n: index + 1 })}
        </h3>
        {canUpdate && onEdit && <Button type="button" size="small" text icon="pi pi-pencil" label={t('form.edit')} aria-label={`${t('form.edit')} ${t('leads.queries.number', { n: index + 1 })}`} onClick={() => onEdit(query)} />}
      </div>
      <dl className="detail-list">
        <dt>{t('leads.queries.dates')}</dt>
        <dd>{dates}</dd>
        <dt>{t('leads.queries.pax')}</dt>
        <dd>{pax}</dd>
        <dt>{t('leads.queries.places')}</dt>
        <dd>{places.length ? places.join(', ') : none}</dd>
        <dt>{t('leads.queries.budget')}</dt>
        <dd>{query.budget == null ? none : fmt.money(query.budget)}</dd>
        <dt>{t('leads.queries.notes')}</dt>
        <dd style={{ whiteSpace: 'pre-wrap' }}>{query.notes ?? none}</dd>
      </dl>
      <section aria-label={t('leads.queries.comments')} className="stack" style={{ gap: '0.5rem' }}>
        <h4 style={{ margin: 0, fontSize: '0.95rem' }}>{t('leads.queries.commentsCount', { count: query.comments.length })}</h4>
        {query.comments.length > 0 && (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} className="stack" data-testid="query-comments">
            {[...query.comments]
              .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
              .map((c) => (
                <li key={c._id} style={{ paddingInlineStart: '0.75rem', borderInlineStart: '3px solid var(--surface-border)' }}>
                  <div className="muted" style={{ fontSize: '0.85rem' }}>
                    {c.author?.name ?? t('leads.activity.someone')} · <time dateTime={c.createdAt}>{fmt.dateTime(c.createdAt)}</time>
                  </div>
                  <div style={{ whiteSpace: 'pre-wrap' }}>{c.text}</div>
                </li>
              ))}
          </ul>
        )}
        {canUpdate && <CommentForm lead={lead} query={query} />}
      </section>
    </article>
  );
}

/** The lead's trip enquiries, oldest first, each with its comments. */
export function LeadQueries({ lead, canUpdate }: { lead: LeadDetail; canUpdate: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<LeadQuery | 'new'>();
  const queries = [...lead.queries].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <LeadSection id="lead-queries" title={t('leads.queries.title')} add={canUpdate && isOpenLead(lead.status) ? { icon: 'pi pi-plus', label: t('leads.queries.add'), onClick: () => setEditing('new') } : undefined}>
      {queries.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('leads.queries.none')}
        </p>
      ) : (
        queries.map((q, i) => <QueryCard key={q._id} lead={lead} query={q} index={i} canUpdate={canUpdate} onEdit={isOpenLead(lead.status) ? setEditing : undefined} />)
      )}
      {editing && <QueryFormDialog lead={lead} query={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </LeadSection>
  );
}
