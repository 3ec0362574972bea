import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { Dialog } from '../../ui/dialog';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { toast } from 'sonner';
import { addDays, todayIn } from '../../domain/calendar';
import { FOLLOW_UP_OUTCOMES, followUpInput, followUpNotPast, followUpResponseInput, type FollowUp, type FollowUpInput, type FollowUpOutcome, type FollowUpResponseInput, type LeadDetail } from '../../api/leads/contract';
import { useLead } from '../../api/leads/get-leads';
import { isOpenLead } from '../../machines/lead-machine';
import { useRespondToFollowUp, useScheduleFollowUp } from '../../api/leads/save-lead';
import { useAuth } from '../../ui/auth';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, DateTimeField, SelectField, SwitchField, TextAreaField, wallTimeToInstant } from '../../ui/form-fields';
import { FormDialog } from '../../ui/form-dialog';
import { useOrgFormatters } from '../../ui/org-format';
import { StatusTag, type StatusTone } from '../../ui/status-tag';
import { useActiveMemberOptions } from './member-options';
import { LeadSection } from './lead-section';

/** Whether queries and follow-ups may be added: the lead machine's `open` states. */


/** Tomorrow at 10:00 on the organization's clocks: the usual next call. */
export function tomorrowAtTen(timeZone: string): string {
  return wallTimeToInstant(`${addDays(todayIn(timeZone), 1)}T10:00`, timeZone)!;
}

/** The follow-up a person answers first: the open one due earliest (none while the lead is closed: it waits for a reopening). */
export const nextOpenFollowUp = (lead: LeadDetail) =>
  isOpenLead(lead.status) ? lead.followUps.filter((f) => !f.response).sort((a, b) => a.dueAt.localeCompare(b.dueAt))[0] : undefined;


/** "Missed" when an open follow-up's time has passed. */
export function FollowUpTime({ dueAt, open = true }: { dueAt: string; open?: boolean }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const missed = open && Date.parse(dueAt) < Date.now();
  return (
    <span className="row" style={{ gap: '0.2rem 0.35rem' }}>
      <time dateTime={dueAt} style={{ whiteSpace: 'nowrap' }}>
        {fmt.dateTime(dueAt)}
      </time>
      {missed && <StatusTag status="missed" tone="danger" label={t('leads.followUps.missed')} />}
    </span>
  );
}

// ---------- schedule ----------

interface ScheduleValues {
  dueAt: string | null;
  note: string;
  assignee: string | null;
}

/** Nobody chosen: the server gives it to the lead's owner. A time already past is refused under its field before sending, as the server would. */
const scheduleResolver = contractResolver(v.pipe(followUpInput, followUpNotPast<FollowUpInput>((b) => b.dueAt, ['dueAt'])), {
  toInput: (values: ScheduleValues) => ({ dueAt: values.dueAt, note: values.note, ...(values.assignee ? { assignee: values.assignee } : {}) }),
});

/** `POST /leads/{id}/followup`: when, a note, and whom (the lead's owner when nobody is chosen). */
export function ScheduleFollowUpDialog({ lead, onClose }: { lead: LeadDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const schedule = useScheduleFollowUp();
  const members = useActiveMemberOptions();
  const { control, handleSubmit, setError, formState } = useForm<ScheduleValues, unknown, FollowUpInput>({
    resolver: scheduleResolver,
    defaultValues: { dueAt: tomorrowAtTen(organization.timeZone), note: '', assignee: null },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await schedule.mutateAsync({ id: lead._id, input });
      toast.success(t('leads.followUps.scheduled'));
      onClose();
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });
  return (
    <FormDialog id="schedule-follow-up-form" header={t('leads.followUps.schedule')} onClose={onClose} onSubmit={submit} formState={formState} width={560}>
      <DateTimeField control={control} name="dueAt" label={t('leads.followUps.dueAt')} timeZone={organization.timeZone} hint={t('leads.timeZoneHint', { zone: organization.timeZone })} />
      {members.available && <SelectField control={control} name="assignee" label={t('leads.followUps.assignee')} options={members.options} filter placeholder={t('leads.followUps.ownerByDefault')} />}
      <TextAreaField control={control} name="note" label={t('leads.followUps.note')} />
    </FormDialog>
  );
}

// ---------- response ----------

interface ResponseValues {
  followUpId: string;
  outcome: FollowUpOutcome | null;
  note: string;
  scheduleNext: boolean;
  nextFollowUp: { dueAt: string | null; note: string };
}

/**
 * The next follow-up is sent only when asked for; the switch itself is not part of the body. Its
 * time already past is refused under its field before sending (the server refuses it too).
 */
const responseResolver = contractResolver(v.pipe(followUpResponseInput, followUpNotPast<FollowUpResponseInput>((b) => b.nextFollowUp?.dueAt, ['nextFollowUp', 'dueAt'])), {
  toInput: ({ scheduleNext, nextFollowUp, ...rest }: ResponseValues) => ({ ...rest, ...(scheduleNext ? { nextFollowUp } : {}) }),
});

/** `POST /leads/{id}/followup/response`: the outcome, a note, and optionally the next follow-up. */
export function FollowUpResponseDialog({ lead, followUp, onClose }: { lead: LeadDetail; followUp: FollowUp; onClose: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const respond = useRespondToFollowUp();
  const { control, handleSubmit, setError, setValue, formState } = useForm<ResponseValues, unknown, FollowUpResponseInput>({
    resolver: responseResolver,
    defaultValues: { followUpId: followUp._id, outcome: null, note: '', scheduleNext: false, nextFollowUp: { dueAt: tomorrowAtTen(organization.timeZone), note: '' } },
  });
  const outcome = useWatch({ control, name: 'outcome' });
  const scheduleNext = useWatch({ control, name: 'scheduleNext' });
  // Rescheduling means there is a next follow-up.
  const mustSchedule = outcome === 'rescheduled';
  useEffect(() => {
    if (mustSchedule) setValue('scheduleNext', true);
  }, [mustSchedule, setValue]);

  const submit = handleSubmit(async (input) => {
    try {
      await respond.mutateAsync({ id: lead._id, input });
      toast.success(t('leads.followUps.responded'));
      onClose();
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });
  const outcomes = FOLLOW_UP_OUTCOMES.map((o) => ({ value: o, label: t(`leads.outcomes.${o}`) }));
  return (
    <FormDialog
      id="follow-up-response-form"
      header={t('leads.followUps.respondTitle', { name: lead.name })}
      onClose={onClose}
      onSubmit={submit}
      formState={formState}
      submitLabel={t('leads.followUps.saveResponse')}
      width={600}
    >
      <p className="muted" style={{ margin: 0 }}>
        {t('leads.followUps.respondingTo')} <FollowUpTime dueAt={followUp.dueAt} />
        {followUp.note ? ` · ${followUp.note}` : ''}
      </p>
      <SelectField control={control} name="outcome" label={t('leads.followUps.outcome')} options={outcomes} placeholder={t('leads.followUps.chooseOutcome')} />
      <TextAreaField control={control} name="note" label={t('leads.followUps.responseNote')} />
      {isOpenLead(lead.status) && <SwitchField control={control} name="scheduleNext" label={t('leads.followUps.scheduleNext')} disabled={mustSchedule} />}
      {scheduleNext && (
        <fieldset className="form-grid" style={{ border: '1px solid var(--surface-border)', borderRadius: 8, padding: '0.75rem 1rem 1rem', margin: 0 }}>
          <legend style={{ fontWeight: 600, padding: '0 0.35rem' }}>{t('leads.followUps.next')}</legend>
          <DateTimeField control={control} name="nextFollowUp.dueAt" label={t('leads.followUps.dueAt')} timeZone={organization.timeZone} hint={t('leads.timeZoneHint', { zone: organization.timeZone })} />
          <TextAreaField control={control} name="nextFollowUp.note" label={t('leads.followUps.note')} />
        </fieldset>
      )}
    </FormDialog>
  );
}

/** From a list row: loads the lead, then answers its earliest open follow-up. */
export function RespondFromListDialog({ leadId, onClose }: { leadId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const lead = useLead(leadId);
  if (!lead.data) {
    return (
      <Dialog visible onHide={onClose} header={t('leads.followUps.respond')} style={{ width: 'min(600px, 95vw)' }}>
        {lead.isError ? <p role="alert">{t('shell.notFound')}</p> : <Skeleton height="6rem" aria-busy="true" />}
      </Dialog>
    );
  }
  const followUp = nextOpenFollowUp(lead.data);
  if (!followUp) {
    return (
      <Dialog visible onHide={onClose} header={t('leads.followUps.respond')} style={{ width: 'min(600px, 95vw)' }}>
        <p>{t('leads.followUps.noneOpen')}</p>
      </Dialog>
    );
  }
  return <FollowUpResponseDialog lead={lead.data} followUp={followUp} onClose={onClose} />;
}

// ---------- the section of the lead's page ----------

const OUTCOME_TONES: Record<FollowUpOutcome, StatusTone> = { reached: 'success', 'no-answer': 'warning', rescheduled: 'info', 'not-interested': 'danger' };

/** `canRespond`: the person may update the lead and it is open (a closed lead's follow-ups wait for a reopening). */
function FollowUpItem({ followUp, canRespond, closed, onRespond }: { followUp: FollowUp; canRespond: boolean; closed: boolean; onRespond: (f: FollowUp) => void }) {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const r = followUp.response;
  return (
    <li className="card" style={{ padding: '0.75rem 1rem' }} data-follow-up={followUp._id} data-open={!r}>
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <span className="row">
          <i className={r ? 'pi pi-check-circle' : 'pi pi-clock'} aria-hidden="true" />
          <FollowUpTime dueAt={followUp.dueAt} open={!r} />
          {followUp.assignee && <span className="muted">· {t('leads.followUps.for', { name: followUp.assignee.name })}</span>}
        </span>
        {!r && canRespond && <Button type="button" size="small" icon="pi pi-reply" label={t('leads.followUps.respond')} onClick={() => onRespond(followUp)} />}
        {!r && closed && <span className="muted">{t('leads.followUps.waiting')}</span>}
      </div>
      {followUp.note && <p style={{ margin: '0.4rem 0 0', whiteSpace: 'pre-wrap' }}>{followUp.note}</p>}
      {r && (
        <div style={{ marginTop: '0.5rem', paddingInlineStart: '0.75rem', borderInlineStart: '3px solid var(--surface-border)' }} data-testid="follow-up-response">
          <div className="row">
            <StatusTag status={r.outcome} tone={OUTCOME_TONES[r.outcome]} label={t(`leads.outcomes.${r.outcome}`)} />
            <span className="muted">{t('leads.followUps.respondedBy', { name: r.respondedBy?.name ?? t('leads.activity.someone'), when: fmt.dateTime(r.respondedAt) })}</span>
          </div>
          {r.note && <p style={{ margin: '0.35rem 0 0', whiteSpace: 'pre-wrap' }}>{r.note}</p>}
        </div>
      )}
    </li>
  );
}

/** The lead's follow-ups (open ones first, earliest first; then answered ones, latest first). */
export function LeadFollowUps({ lead, canUpdate }: { lead: LeadDetail; canUpdate: boolean }) {
  const { t } = useTranslation();
  const [scheduling, setScheduling] = useState(false);
  const [responding, setResponding] = useState<FollowUp>();
  const open = lead.followUps.filter((f) => !f.response).sort((a, b) => a.dueAt.localeCompare(b.dueAt));
  const done = lead.followUps.filter((f) => f.response).sort((a, b) => b.dueAt.localeCompare(a.dueAt));
  return (
    <LeadSection id="lead-follow-ups" title={t('leads.followUps.title')} add={canUpdate && isOpenLead(lead.status) ? { icon: 'pi pi-calendar-plus', label: t('leads.followUps.schedule'), onClick: () => setScheduling(true) } : undefined}>
      {open.length + done.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('leads.followUps.none')}
        </p>
      ) : (
        <ul className="stack" style={{ listStyle: 'none', margin: 0, padding: 0, gap: '0.5rem' }}>
          {[...open, ...done].map((f) => (
            <FollowUpItem key={f._id} followUp={f} canRespond={canUpdate && isOpenLead(lead.status)} closed={!isOpenLead(lead.status)} onRespond={setResponding} />
          ))}
        </ul>
      )}
      {scheduling && <ScheduleFollowUpDialog lead={lead} onClose={() => setScheduling(false)} />}
      {responding && <FollowUpResponseDialog lead={lead} followUp={responding} onClose={() => setResponding(undefined)} />}
    </LeadSection>
  );
}
