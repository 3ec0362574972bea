import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../ui/form-resolver';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { leadStatusInput, leadStatusRequest, type LeadDetail, type LeadStatusInput } from '../../api/leads/contract';
import { useLeadEvent } from '../../api/leads/save-lead';
import { leadMachine, type LeadEvent } from '../../machines/lead-machine';
import { FormDialog } from '../../ui/form-dialog';
import { applyServerIssues, TextAreaField } from '../../ui/form-fields';
import type { WorkflowAction, WorkflowProps } from '../../ui/workflow-panel';

/**
 * The events a person may send from the lead's page. WIN is left out: a lead is won only when a
 * booking is created for it. LOSE is asked with a stand-in reason, because the machine's guard
 * only asks "is there a reason?"; the real one is asked in {@link LoseLeadDialog}.
 */
const UI_EVENTS: { event: Exclude<LeadEvent, { type: 'WIN' }>; icon: string; severity?: WorkflowAction<LeadEvent>['severity']; outlined?: boolean }[] = [
  { event: { type: 'CONTACT' }, icon: 'pi pi-phone' },
  { event: { type: 'QUALIFY' }, icon: 'pi pi-check' },
  { event: { type: 'QUOTE' }, icon: 'pi pi-file' },
  { event: { type: 'REOPEN' }, icon: 'pi pi-replay' },
  { event: { type: 'LOSE', reason: '…' }, icon: 'pi pi-times-circle', severity: 'danger', outlined: true },
];

/**
 * The lead machine wired for the generic workflow panel. Every event goes through `useLeadEvent`
 * (`PUT /leads/{id}/status`, the body from the contract's mapping); LOSE first opens the reason
 * dialog (`losing`), which sends it with the reason.
 */
export function useLeadWorkflow(lead: LeadDetail, canUpdate: boolean) {
  const { t } = useTranslation();
  const send = useLeadEvent();
  const [losing, setLosing] = useState(false);
  const actions = useMemo(
    () => UI_EVENTS.map(({ event, icon, severity, outlined }): WorkflowAction<LeadEvent> => ({ event, icon, severity, outlined, label: t(`leads.events.${event.type}`) })),
    [t],
  );
  const workflow: WorkflowProps<typeof leadMachine> = {
    machine: leadMachine,
    state: leadStatusRequest.stateOf(lead),
    actions: canUpdate ? actions : [],
    disabled: send.isPending,
    onEvent: async (event) => {
      if (event.type === 'WIN') return;
      if (event.type === 'LOSE') return setLosing(true);
      const updated = await send.mutateAsync({ id: lead._id, event });
      toast.success(t('leads.statusChanged', { status: t(`status.${updated.status}`) }));
    },
  };
  return { workflow, losing, closeLosing: () => setLosing(false) };
}

/** LOSE needs a reason: asked here, checked with the contract's rule, sent as the LOSE event with it. */
export function LoseLeadDialog({ lead, onClose }: { lead: LeadDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useLeadEvent();
  const { control, handleSubmit, setError, formState } = useForm<{ status: 'lost'; reason: string }, unknown, LeadStatusInput>({
    resolver: contractResolver(leadStatusInput),
    defaultValues: { status: 'lost', reason: '' },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await send.mutateAsync({ id: lead._id, event: { type: 'LOSE', reason: input.reason } });
      toast.success(t('leads.statusChanged', { status: t('status.lost') }));
      onClose();
    } catch (error) {
      // A 400 names the reason (shown under it); a 409 (someone moved the lead) was toasted by the client.
      applyServerIssues(error, setError as never);
    }
  });
  return (
    <FormDialog
      id="lose-lead-form"
      header={t('leads.lose.title', { name: lead.name })}
      onClose={onClose}
      onSubmit={submit}
      formState={formState}
      submitLabel={t('leads.events.LOSE')}
      submitIcon="pi pi-times-circle"
      danger
      width={520}
    >
      <p className="muted" style={{ margin: 0 }}>
        {t('leads.lose.hint')}
      </p>
      <TextAreaField control={control} name="reason" label={t('leads.lose.reason')} />
    </FormDialog>
  );
}
