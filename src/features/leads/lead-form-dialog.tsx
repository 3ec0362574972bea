import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import { toast } from 'sonner';
import { todayIn } from '../../domain/calendar';
import { LEAD_SOURCES, createLeadInput, enquiryNotAfter, followUpNotPast, updateLeadInput, type CreateLeadInput, type LeadDetail, type LeadSource, type UpdateLeadInput } from '../../api/leads/contract';
import { useCreateLead, useUpdateLead } from '../../api/leads/save-lead';
import { useAuth } from '../../ui/auth';
import { DestinationField, RegionField } from '../../ui/catalogue-pickers';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, DateField, DateTimeField, SelectField, TextAreaField, TextField } from '../../ui/form-fields';
import { FormDialog } from '../../ui/form-dialog';
import { moduleRecordPath } from '../../ui/module-paths';
import { useSalesOwnerOptions, useSeesLeadOwnedBy } from './member-options';

interface FormValues {
  name: string;
  phone: string;
  email: string;
  source: LeadSource | null;
  comment: string;
  regions: string[];
  destinations: string[];
  queryDate: string | null;
  assignedTo: string | null;
  followUp: string | null;
}

const toForm = (lead?: LeadDetail): FormValues => ({
  name: lead?.name ?? '',
  phone: lead?.phone ?? '',
  email: lead?.email ?? '',
  source: lead?.source ?? null,
  comment: lead?.comment ?? '',
  regions: lead?.regions.map((r) => r._id) ?? [],
  destinations: lead?.destinations.map((d) => d._id) ?? [],
  queryDate: lead?.queryDate ?? null,
  assignedTo: null,
  followUp: null,
});

/** Empty optional choices are left out, so the server applies its defaults (source from settings, today, the creator as owner). */
function payload(values: FormValues, isNew: boolean): Record<string, unknown> {
  const { source, queryDate, assignedTo, followUp, ...rest } = values;
  return {
    ...rest,
    ...(source ? { source } : {}),
    ...(queryDate ? { queryDate } : {}),
    ...(isNew && assignedTo ? { assignedTo } : {}),
    ...(isNew && followUp ? { followUp } : {}),
  };
}


/**
 * Create a lead (with an owner and a first follow-up when wanted), or edit its contact details.
 * Status, owner, queries and follow-ups of an existing lead change through their own calls.
 */
export function LeadFormDialog({ lead, onClose }: { lead?: LeadDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization } = useAuth();
  const create = useCreateLead();
  const update = useUpdateLead();
  const owners = useSalesOwnerOptions();
  const sees = useSeesLeadOwnedBy();
  const isNew = !lead;
  const today = todayIn(organization.timeZone);
  const { control, handleSubmit, setError, formState } = useForm<FormValues, unknown, CreateLeadInput | UpdateLeadInput>({
    // The contract, an enquiry day no later than today on the organization's clocks and a first
    // follow-up not already past (the server checks both too).
    resolver: contractResolver<v.GenericSchema<unknown, CreateLeadInput | UpdateLeadInput>, FormValues>(
      v.pipe(
        isNew ? createLeadInput : updateLeadInput,
        enquiryNotAfter(today),
        followUpNotPast<CreateLeadInput | UpdateLeadInput>((b) => ('followUp' in b ? b.followUp : null), ['followUp']),
      ),
      { toInput: (values) => payload(values, isNew) },
    ),
    defaultValues: toForm(lead),
  });
  const regions = useWatch({ control, name: 'regions' });

  const submit = handleSubmit(async (input) => {
    try {
      if (isNew) {
        const created = await create.mutateAsync(input as CreateLeadInput);
        onClose();
        if (sees(created.assignedTo?._id)) {
          toast.success(t('leads.created'));
          navigate(moduleRecordPath('leads', created._id));
        } else {
          // Made for a colleague: it is among their leads, not this member's (its page would be "not found").
          toast.success(t('leads.createdFor', { lead: created.name, name: created.assignedTo?.name ?? '' }));
        }
      } else {
        await update.mutateAsync({ id: lead._id, input: input as UpdateLeadInput });
        toast.success(t('leads.updated'));
        onClose();
      }
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });

  const sourceOptions = LEAD_SOURCES.map((s) => ({ value: s, label: t(`leads.sources.${s}`) }));

  return (
    <FormDialog id="lead-form" header={isNew ? t('leads.newLead') : t('leads.editLead')} onClose={onClose} onSubmit={submit} formState={formState}>
      <div className="form-grid">
        <TextField control={control} name="name" label={t('leads.fields.name')} autoComplete="name" />
        <TextField control={control} name="phone" label={t('leads.fields.phone')} type="tel" autoComplete="tel" hint={t('leads.reachHint')} />
        <TextField control={control} name="email" label={t('leads.fields.email')} type="email" autoComplete="email" />
        <SelectField control={control} name="source" label={t('leads.fields.source')} options={sourceOptions} placeholder={t('leads.defaultSource')} />
        <DateField control={control} name="queryDate" label={t('leads.fields.queryDate')} max={today} />
        {isNew && owners.available && <SelectField control={control} name="assignedTo" label={t('leads.fields.assignedTo')} options={owners.options} filter placeholder={t('leads.ownerByDefault')} />}
        <RegionField control={control} name="regions" label={t('leads.fields.regions')} multiple />
        <DestinationField control={control} name="destinations" label={t('leads.fields.destinations')} multiple regions={regions} />
        {isNew && <DateTimeField control={control} name="followUp" label={t('leads.fields.firstFollowUp')} timeZone={organization.timeZone} hint={t('leads.timeZoneHint', { zone: organization.timeZone })} />}
      </div>
      <TextAreaField control={control} name="comment" label={t('leads.fields.comment')} />
    </FormDialog>
  );
}
