import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from '../../ui/dialog';
import { InputText } from 'primereact/inputtext';
import { toast } from 'sonner';
import { addDays, todayIn } from '../../domain/calendar';
import { errorMessage } from '../../api/client';
import { createOrganizationInput, type CreateOrganizationInput, type InvitationLink, type Onboarded } from '../../api/platform/contract';
import { useOnboardOrganization } from '../../api/platform/get-organizations';
import { FormDialog } from '../../ui/form-dialog';
import { applyServerIssues, SelectField, TextField } from '../../ui/form-fields';
import { contractResolver } from '../../ui/form-resolver';
import { LANGUAGE_OPTIONS } from '../../ui/language-picker';
import { organizationPath } from './console';
import { useConsoleFormatters } from './parts';
import { SubscriptionFields } from './subscription-fields';

const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone')].map((z) => ({ value: z, label: z }));
const inDays = (days: number) => addDays(todayIn('UTC'), days);

/** Onboarding: the organization, its owner and what it is sold; then the owner's invitation link. */
export function OnboardDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const onboard = useOnboardOrganization();
  const [done, setDone] = useState<Onboarded | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<CreateOrganizationInput>({
    resolver: contractResolver(createOrganizationInput),
    defaultValues: {
      name: '',
      currency: 'USD',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
      owner: { name: '', email: '', language: 'en' },
      subscription: { plan: 'starter' as const, seats: 5, status: 'trial' as const, periodEnd: inDays(30) },
    },
  });

  const submit = handleSubmit(async (values: CreateOrganizationInput) => {
    try {
      setDone(await onboard.mutateAsync(values));
    } catch (error) {
      applyServerIssues(error, setError as never);
      toast.error(errorMessage(error));
    }
  });

  if (done) return <InvitationDialog header={t('platform.onboarded', { name: done.organization.name })} invitation={done.invitation} organizationId={done.organization._id} onClose={onClose} />;
  return (
    <FormDialog id="onboard-form" header={t('platform.newOrganization')} width={820} onClose={onClose} onSubmit={submit} submitting={formState.isSubmitting}>
      <fieldset className="form-grid fieldset">
        <legend>{t('platform.details')}</legend>
        <TextField control={control} name="name" label={t('platform.name')} autoComplete="off" />
        <TextField control={control} name="currency" label={t('platform.currency')} autoComplete="off" />
        <SelectField control={control} name="timeZone" label={t('platform.timeZone')} options={TIME_ZONES} filter />
      </fieldset>
      <fieldset className="form-grid fieldset">
        <legend>{t('platform.owner')}</legend>
        <TextField control={control} name="owner.name" label={t('platform.ownerName')} autoComplete="off" />
        <TextField control={control} name="owner.email" label={t('platform.ownerEmail')} type="email" autoComplete="off" />
        <SelectField control={control} name="owner.language" label={t('platform.ownerLanguage')} options={LANGUAGE_OPTIONS} filter hint={t('platform.ownerLanguageHint')} />
      </fieldset>
      <fieldset className="form-grid fieldset">
        <legend>{t('subscription.title')}</legend>
        <SubscriptionFields control={control} prefix="subscription." />
      </fieldset>
    </FormDialog>
  );
}

/** The owner's one-time link, always shown to the operator: also e-mailed when the platform has a mail server, else for them to hand over. */
export function InvitationDialog({ header, invitation, organizationId, onClose }: { header: string; invitation: InvitationLink; organizationId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useConsoleFormatters();
  const navigate = useNavigate();
  const copy = async () => {
    await navigator.clipboard.writeText(invitation.url);
    toast.success(t('platform.copied'));
  };
  return (
    <Dialog
      visible
      onHide={onClose}
      header={header}
      style={{ width: 'min(680px, 95vw)' }}
      footer={
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="button" text label={t('platform.close')} onClick={onClose} />
          {organizationId && <Button type="button" icon="pi pi-building" label={t('platform.openOrganization')} onClick={() => navigate(organizationPath(organizationId))} />}
        </div>
      }
    >
      <div className="stack">
        <p>{t('platform.invitationIntro', { date: fmt.dateTime(invitation.expiresAt) })}</p>
        <p className="muted">
          {t(invitation.emailed ? 'platform.invitationEmailed' : 'platform.invitationNotEmailed', { email: invitation.to })}
        </p>
        <div className="field">
          <label htmlFor="invitation-link">{t('platform.invitationLink')}</label>
          <div className="row" style={{ flexWrap: 'nowrap' }}>
            <InputText id="invitation-link" readOnly value={invitation.url} dir="ltr" className="grow" onFocus={(e) => e.target.select()} />
            <Button type="button" icon="pi pi-copy" label={t('platform.copy')} outlined onClick={() => void copy()} />
          </div>
        </div>
      </div>
    </Dialog>
  );
}
