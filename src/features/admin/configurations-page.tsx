import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { InputText } from 'primereact/inputtext';
import { StatusTag } from '../../ui/status-tag';
import type { TestEmailAnswer } from '../../api/documents/contract';
import { useTestEmail } from '../../api/documents/get-documents';
import { errorMessage } from '../../api/client';
import { FieldFrame } from '../../ui/form-fields';
import { SaveFooter } from '../../ui/form-dialog';
import { isLocale } from '../../ui/i18n';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TabView, TabPanel } from 'primereact/tabview';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { toast } from 'sonner';
import type * as v from 'valibot';
import { AiUsage } from '../../ui/ai-usage';
import { CancellationPolicyForm } from './cancellation-policy-form';
import { CONFIG_MODULES, EMAIL_SECURITY, configSettingsSchemas, type ConfigModule } from '../../api/admin/configurations/contract';
import { useConfigurations, useUpdateConfiguration } from '../../api/admin/configurations/get-configurations';
import { LEAD_SOURCES } from '../../api/leads/constants';
import { useCan } from '../../ui/auth';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, ChipsField, DateField, NumberField, PasswordField, SelectField, SwitchField, TextAreaField, TextField } from '../../ui/form-fields';
import { outboxPath } from '../../ui/module-paths';

/** A field's control; a choice names where its values' labels are (`leads.sources.walk-in` → "Walk-in"). */
type Kind = 'number' | 'switch' | 'text' | 'textarea' | 'chips' | 'password' | 'email' | 'date' | { options: readonly string[]; labels: string };

/** The fields of each module's settings, in the order a person reads them. */
const FIELDS: Record<ConfigModule, [string, Kind][]> = {
  leads: [
    ['defaultSource', { options: LEAD_SOURCES, labels: 'leads.sources' }],
    ['followUpReminderMinutes', 'number'],
    ['autoAssignRoundRobin', 'switch'],
  ],
  customizedTours: [
    ['defaultMarkupPercent', 'number'],
    ['quoteValidityDays', 'number'],
    ['termsAndConditions', 'textarea'],
    ['inclusions', 'chips'],
    ['exclusions', 'chips'],
    ['emailMessage', 'textarea'],
  ],
  personalizedTours: [
    ['defaultMarkupPercent', 'number'],
    ['inclusions', 'chips'],
    ['exclusions', 'chips'],
  ],
  groupTours: [
    ['defaultCapacity', 'number'],
    ['holdSeatsMinutes', 'number'],
  ],
  // The tiers and flat fee have their own editor (./cancellation-policy-form.tsx).
  cancellations: [],
  regions: [['showOnWebsite', 'switch']],
  destionations: [['showOnWebsite', 'switch']],
  emailConfig: [
    ['host', 'text'],
    ['port', 'number'],
    ['security', { options: EMAIL_SECURITY, labels: 'configurations.optionLabels' }],
    ['user', 'text'],
    ['password', 'password'],
    ['fromName', 'text'],
    ['fromEmail', 'email'],
  ],
  bookings: [
    ['depositPercent', 'number'],
    ['balanceDaysBeforeDeparture', 'number'],
    ['reminderDaysBefore', 'number'],
    ['overdueNoticeDaysAfter', 'number'],
    ['invoiceDueDays', 'number'],
  ],
  aiConfig: [
    ['baseUrl', 'text'],
    ['model', 'text'],
    ['apiKey', 'password'],
    ['monthlyTokenLimit', 'number'],
  ],
  finance: [['booksStart', 'date']],
};

function ModuleSettingsForm({ module, settings, readOnly }: { module: ConfigModule; settings: Record<string, unknown>; readOnly: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateConfiguration();
  const { passwordSet, apiKeySet, ...values } = settings;
  const secretSet = passwordSet === true || apiKeySet === true;
  const { control, handleSubmit, reset, setError, formState } = useForm<Record<string, unknown>, unknown, Record<string, unknown>>({
    resolver: contractResolver(configSettingsSchemas[module] as v.GenericSchema<unknown, Record<string, unknown>>),
    defaultValues: values,
  });
  useEffect(() => reset(values), [settings]);

  const submit = handleSubmit(async (data) => {
    try {
      await update.mutateAsync({ module, settings: data });
      toast.success(t('configurations.updated'));
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t(`configurations.modules.${module}`)}>
      <div className="form-grid">
        {FIELDS[module].map(([name, kind]) => {
          const label = t(`configurations.fields.${name}`);
          const common = { control, name, label, disabled: readOnly };
          if (kind === 'number') return <NumberField key={name} {...common} />;
          if (kind === 'switch') return <SwitchField key={name} {...common} />;
          if (kind === 'textarea') return <TextAreaField key={name} {...common} hint={name === 'emailMessage' ? t('configurations.emailMessageHint') : undefined} />;
          if (kind === 'chips') return <ChipsField key={name} {...common} />;
          // Empty (null in the field) is the contract's '': the day the organization was created.
          if (kind === 'date') return <DateField key={name} {...common} hint={t('configurations.booksStartHint')} />;
          if (kind === 'password')
            return <PasswordField key={name} {...common} hint={t(`configurations.${module === 'aiConfig' ? 'key' : 'password'}${secretSet ? 'Set' : 'Unset'}`)} />;
          if (typeof kind === 'object') return <SelectField key={name} {...common} options={kind.options.map((o) => ({ value: o, label: t(`${kind.labels}.${o}`) }))} />;
          return <TextField key={name} {...common} type={kind === 'email' ? 'email' : 'text'} />;
        })}
      </div>
      <SaveFooter formState={formState} readOnly={readOnly} />
    </form>
  );
}

/** Under the email settings: a test email through the saved settings, with the server's answer, and the outbox. */
function EmailTools({ canTest }: { canTest: boolean }) {
  const { t, i18n } = useTranslation();
  const test = useTestEmail();
  const id = useId();
  const [to, setTo] = useState('');
  const [answer, setAnswer] = useState<TestEmailAnswer>();
  const [error, setError] = useState<string>();
  const run = async () => {
    setAnswer(undefined);
    setError(undefined);
    try {
      setAnswer(await test.mutateAsync({ to, lang: isLocale(i18n.language) ? i18n.language : 'en' }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section className="stack" aria-label={t('documents.settings.test')} style={{ marginTop: '1.5rem' }}>
      {canTest && (
        <div className="row" style={{ alignItems: 'flex-end', gap: '0.75rem', flexWrap: 'wrap' }}>
          <FieldFrame id={id} label={t('documents.settings.testTo')} error={error}>
            <InputText id={id} type="email" dir="ltr" value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={!!error} />
          </FieldFrame>
          <Button type="button" outlined icon="pi pi-send" label={t('documents.settings.test')} loading={test.isPending} disabled={!to.trim()} onClick={run} />
        </div>
      )}
      <div role="status" className="row" style={{ gap: '0.5rem', alignItems: 'baseline', flexWrap: 'wrap' }}>
        {answer && (
          <>
            <StatusTag status={answer.delivered ? 'sent' : 'failed'} tone={answer.delivered ? 'success' : 'danger'} label={t(answer.delivered ? 'documents.statuses.sent' : 'documents.statuses.failed')} />
            <span>
              {t(answer.delivered ? 'documents.settings.delivered' : 'documents.settings.refused')} {t('documents.settings.answer', { response: answer.response })}
            </span>
          </>
        )}
      </div>
      <Link to={outboxPath()}>
        <i className="pi pi-inbox" aria-hidden="true" /> {t('documents.settings.openOutbox')}
      </Link>
    </section>
  );
}

export function ConfigurationsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const configs = useConfigurations();
  const byModule = new Map((configs.data ?? []).map((c) => [c.module, c.settings]));
  return (
    <section className="stack">
      <div className="page-header">
        <h1>{t('configurations.title')}</h1>
      </div>
      {configs.isPending ? (
        <Skeleton height="20rem" />
      ) : (
        <div className="card">
          <TabView scrollable>
            {CONFIG_MODULES.map((m) => (
              <TabPanel key={m} header={t(`configurations.modules.${m}`)}>
                {m === 'cancellations' ? (
                  <CancellationPolicyForm settings={byModule.get(m) ?? {}} readOnly={!can('configurations', 'update')} />
                ) : (
                  <ModuleSettingsForm module={m} settings={byModule.get(m) ?? {}} readOnly={!can('configurations', 'update')} />
                )}
                {m === 'emailConfig' && <EmailTools canTest={can('configurations', 'update')} />}
                {m === 'aiConfig' && <AiUsage />}
              </TabPanel>
            ))}
          </TabView>
        </div>
      )}
    </section>
  );
}
