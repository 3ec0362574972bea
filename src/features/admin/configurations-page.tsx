import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../ui/form-resolver';
import { useTranslation } from 'react-i18next';
import { TabView, TabPanel } from 'primereact/tabview';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { toast } from 'sonner';
import { CONFIG_MODULES, configSettingsSchemas, type ConfigModule } from '../../api/admin/configurations/contract';
import { useConfigurations, useUpdateConfiguration } from '../../api/admin/configurations/get-configurations';
import { LEAD_SOURCES } from '../../api/leads/constants';
import { useCan } from '../../ui/auth';
import { ChipsField, NumberField, PasswordField, SelectField, SwitchField, TextAreaField, TextField, applyServerIssues } from '../../ui/form-fields';

type Kind = 'number' | 'switch' | 'text' | 'textarea' | 'chips' | 'password' | 'email' | { options: readonly string[] };

/** The fields of each module's settings, in the order a person reads them. */
const FIELDS: Record<ConfigModule, [string, Kind][]> = {
  leads: [
    ['defaultSource', { options: LEAD_SOURCES }],
    ['followUpReminderMinutes', 'number'],
    ['autoAssignRoundRobin', 'switch'],
  ],
  customizedTours: [
    ['defaultMarkupPercent', 'number'],
    ['quoteValidityDays', 'number'],
    ['termsAndConditions', 'textarea'],
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
  regions: [['showOnWebsite', 'switch']],
  destionations: [['showOnWebsite', 'switch']],
  emailConfig: [
    ['host', 'text'],
    ['port', 'number'],
    ['secure', 'switch'],
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
};

function ModuleSettingsForm({ module, settings, readOnly }: { module: ConfigModule; settings: Record<string, unknown>; readOnly: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateConfiguration();
  const { passwordSet, ...values } = settings;
  const { control, handleSubmit, reset, setError, formState } = useForm<Record<string, unknown>>({
    resolver: contractResolver(configSettingsSchemas[module] as never) as never,
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
          if (kind === 'textarea') return <TextAreaField key={name} {...common} />;
          if (kind === 'chips') return <ChipsField key={name} {...common} />;
          if (kind === 'password')
            return <PasswordField key={name} {...common} hint={passwordSet ? t('configurations.passwordSet') : t('configurations.passwordUnset')} />;
          if (typeof kind === 'object') return <SelectField key={name} {...common} options={kind.options.map((o) => ({ value: o, label: o }))} />;
          return <TextField key={name} {...common} type={kind === 'email' ? 'email' : 'text'} />;
        })}
      </div>
      {!readOnly && (
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="submit" icon="pi pi-check" label={t('shell.save')} loading={formState.isSubmitting} />
        </div>
      )}
    </form>
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
                <ModuleSettingsForm module={m} settings={byModule.get(m) ?? {}} readOnly={!can('configurations', 'update')} />
              </TabPanel>
            ))}
          </TabView>
        </div>
      )}
    </section>
  );
}
