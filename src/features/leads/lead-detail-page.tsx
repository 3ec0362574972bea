import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { toast } from 'sonner';
import { leadMachine } from '../../machines/lead-machine';
import { snapshotOf } from '../../machines/workflow';
import { BookLink } from '../../ui/book-link';
import type { LeadDetail } from '../../api/leads/contract';
import { useLead } from '../../api/leads/get-leads';
import { toursOfLeadQueryOptions } from '../../api/tours/customized/get-customized-tours';
import { useSetLeadOwner } from '../../api/leads/save-lead';
import { useCan } from '../../ui/auth';
import { DetailCard } from '../../ui/detail-card';
import { DROPDOWN_PT } from '../../ui/form-fields';
import { modulePath } from '../../ui/module-paths';
import { RecordPage } from '../../ui/placeholders';
import { WorkflowPanel } from '../../ui/workflow-panel';
import { LeadFollowUps } from './lead-follow-ups';
import { useOrgFormatters } from '../../ui/org-format';
import { LeadFormDialog } from './lead-form-dialog';
import { LeadQueries } from './lead-queries';
import { LeadStatusTag } from './lead-status';
import { LeadTimeline } from './lead-timeline';
import { LeadTours } from './lead-tours';
import { LeadBookings } from './lead-bookings';
import { LeadChat } from '../../ui/lead-chat';
import { LoseLeadDialog, useLeadWorkflow } from './lead-workflow';
import { useSalesOwnerOptions, useSeesLeadOwnedBy } from './member-options';

/**
 * "Book" on a lead: the main button once the lead has a tour to book; before, building and sending
 * a tour comes first (its "New tour" is then the main one), so Book is outlined.
 */
export function LeadBookLink({ lead }: { lead: LeadDetail }) {
  const can = useCan();
  const tours = useQuery({ ...toursOfLeadQueryOptions(lead._id), enabled: can('customizedTours', 'view') });
  return <BookLink from={{ leadId: lead._id }} secondary={!tours.data?.length} />;
}

function LeadHeader({ lead, canUpdate }: { lead: LeadDetail; canUpdate: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { workflow, losing, closeLosing } = useLeadWorkflow(lead, canUpdate);
  return (
    <>
      <div className="page-header">
        <h1 id="lead-title" style={{ margin: 0 }}>
          {lead.name}
        </h1>
        <LeadStatusTag status={lead.status} />
        <span className="grow" />
        {snapshotOf(leadMachine, lead.status).hasTag('open') && <LeadBookLink lead={lead} />}
        {canUpdate && <Button type="button" outlined icon="pi pi-pencil" label={t('leads.editLead')} onClick={() => setEditing(true)} />}
      </div>
      <WorkflowPanel {...workflow} title={t('leads.pipeline')} />
      {lead.status === 'lost' && lead.lostReason && (
        <div className="card" role="note" data-testid="lost-reason">
          <strong>{t('leads.lostReason')}</strong> <span style={{ whiteSpace: 'pre-wrap' }}>{lead.lostReason}</span>
        </div>
      )}
      {editing && <LeadFormDialog lead={lead} onClose={() => setEditing(false)} />}
      {losing && <LoseLeadDialog lead={lead} onClose={closeLosing} />}
    </>
  );
}

function LeadContact({ lead }: { lead: LeadDetail }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const none = t('leads.none');
  const names = (list: { name: string }[]) => (list.length ? list.map((x) => x.name).join(', ') : none);
  const rows: [string, ReactNode][] = [
    [t('leads.fields.phone'), lead.phone ? <a href={`tel:${lead.phone}`} dir="ltr">{lead.phone}</a> : none],
    [t('leads.fields.email'), lead.email ? <a href={`mailto:${lead.email}`} dir="ltr">{lead.email}</a> : none],
    [t('leads.fields.source'), t(`leads.sources.${lead.source}`)],
    [t('leads.fields.queryDate'), fmt.date(lead.queryDate)],
    [t('leads.fields.regions'), names(lead.regions)],
    [t('leads.fields.destinations'), names(lead.destinations)],
    [t('leads.fields.comment'), lead.comment ? <span style={{ whiteSpace: 'pre-wrap' }}>{lead.comment}</span> : none],
    [t('leads.fields.createdAt'), fmt.dateTime(lead.createdAt)],
  ];
  return <DetailCard title={t('leads.contactDetails')} rows={rows} testId="lead-contact" />;
}

/** The owner, and (for those who may list members) a change among the active sales members. */
function LeadOwner({ lead, canUpdate }: { lead: LeadDetail; canUpdate: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sees = useSeesLeadOwnedBy();
  const owners = useSalesOwnerOptions();
  const setOwner = useSetLeadOwner();
  const [chosen, setChosen] = useState<string | null>(lead.assignedTo?._id ?? null);
  const canChange = canUpdate && owners.available;
  const change = async () => {
    if (!chosen || chosen === lead.assignedTo?._id) return;
    try {
      const saved = await setOwner.mutateAsync({ id: lead._id, assignedTo: chosen });
      if (sees(saved.assignedTo?._id)) {
        toast.success(t('leads.ownerChanged', { name: saved.assignedTo?.name ?? '' }));
        return;
      }
      // Given away by someone who sees only their own leads: back to their list (in place of the lead's
      // page, which Back would open only to say "not found"), told whose it is now.
      navigate(modulePath('leads'), { replace: true });
      toast.success(t('leads.handedOver', { lead: saved.name, name: saved.assignedTo?.name ?? '' }));
    } catch {
      setChosen(lead.assignedTo?._id ?? null);
    }
  };
  return (
    <section className="card stack" aria-labelledby="lead-owner-title" data-testid="lead-owner" style={{ gap: '0.75rem' }}>
      <h2 id="lead-owner-title" className="workflow-panel__title">
        {t('leads.fields.assignedTo')}
      </h2>
      <p style={{ margin: 0 }} data-testid="lead-owner-name">
        {lead.assignedTo?.name ?? t('leads.unassigned')}
      </p>
      {canChange && (
        <div className="field">
          <label htmlFor="lead-owner-choice">{t('leads.changeOwner')}</label>
          <div className="row" style={{ flexWrap: 'nowrap' }}>
            <Dropdown
              inputId="lead-owner-choice"
              value={chosen}
              options={owners.options}
              optionLabel="label"
              optionValue="value"
              filter
              pt={DROPDOWN_PT}
              placeholder={t('leads.chooseOwner')}
              emptyMessage={owners.loading ? t('shell.loading') : t('leads.noSalesMembers')}
              onChange={(e) => setChosen(e.value as string)}
              style={{ flex: 1, minWidth: 0 }}
              aria-describedby="lead-owner-hint"
            />
            <Button type="button" icon="pi pi-check" label={t('shell.save')} disabled={!chosen || chosen === lead.assignedTo?._id} loading={setOwner.isPending} onClick={() => void change()} />
          </div>
          <small id="lead-owner-hint" className="muted">
            {t('leads.ownerHint')}
          </small>
        </div>
      )}
    </section>
  );
}

/** `/leads/:id`: contact details, the pipeline, owner, follow-ups, queries, the timeline, and the AI chat. */
export function LeadDetailPage() {
  const { t } = useTranslation();
  const can = useCan();
  const { id = '' } = useParams();
  const lead = useLead(id);
  const canUpdate = can('leads', 'update');

  return (
    <RecordPage titleId="lead-title" back={{ to: modulePath('leads'), label: t('leads.back') }} query={lead}>
      {(data) => (
        <>
          <LeadHeader lead={data} canUpdate={canUpdate} />
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(320px, 100%), 1fr))', gap: '1rem', alignItems: 'start' }}>
            <LeadContact lead={data} />
            <div className="stack">
              <LeadOwner key={data.assignedTo?._id ?? 'none'} lead={data} canUpdate={canUpdate} />
              <LeadChat lead={data} />
            </div>
          </div>
          <LeadFollowUps lead={data} canUpdate={canUpdate} />
          <LeadQueries lead={data} canUpdate={canUpdate} />
          {can('customizedTours', 'view') && <LeadTours lead={data} />}
          {can('bookings', 'view') && <LeadBookings lead={data} />}
          <LeadTimeline lead={data} />
        </>
      )}
    </RecordPage>
  );
}
