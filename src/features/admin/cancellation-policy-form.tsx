import { useEffect } from 'react';
import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { toast } from 'sonner';
import { configSettingsSchemas, type ModuleSettings } from '../../api/admin/configurations/contract';
import { useUpdateConfiguration } from '../../api/admin/configurations/get-configurations';
import { useAuth } from '../../ui/auth';
import { applyServerIssues, FramedField, NumberField } from '../../ui/form-fields';
import { SaveFooter } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { useFormatters } from '../../ui/format';
import { BCP47, isLocale } from '../../ui/i18n';
import { MoneyField } from '../../ui/money-field';
import './cancellation-policy.css';

type Policy = ModuleSettings<'cancellations'>;
const schema = configSettingsSchemas.cancellations;

/** A fee share typed as a percentage (12.5), kept in the form as basis points (1 250), what the policy stores. */
function PercentField({ control, name, label }: { control: Control<Policy>; name: `tiers.${number}.feeBasisPoints`; label: string }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? BCP47[i18n.language] : i18n.language;
  return (
    <FramedField
      control={control}
      name={name}
      label={label}
      render={({ id, field, error, describedBy }) => (
        <InputNumber
          inputId={id}
          locale={locale}
          min={0}
          max={100}
          minFractionDigits={0}
          maxFractionDigits={2}
          suffix=" %"
          value={typeof field.value === 'number' ? field.value / 100 : null}
          onChange={(e) => field.onChange(e.value === null || e.value === undefined ? undefined : Math.round(Number(e.value) * 100))}
          onValueChange={(e) => field.onChange(e.value === null || e.value === undefined ? undefined : Math.round(Number(e.value) * 100))}
          onBlur={field.onBlur}
          invalid={!!error}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/**
 * Configurations → Cancellations (`PUT /configurations/cancellations`): the tiers (from so many days
 * before departure on, a share of the booking's total as the fee) and a flat fee. What it says is
 * shown as a person reads it, tier by tier. Each booking keeps the policy it was sold under: a
 * change here applies to the bookings made after it.
 */
export function CancellationPolicyForm({ settings, readOnly }: { settings: Record<string, unknown>; readOnly: boolean }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const fmt = useFormatters({ currency: organization.currency });
  const update = useUpdateConfiguration();
  const values = settings as Policy;
  const { control, handleSubmit, reset, setError, formState } = useForm<Policy, unknown, Policy>({
    resolver: contractResolver(schema) as never,
    defaultValues: { tiers: values.tiers ?? [], flatFee: values.flatFee ?? 0 },
  });
  const tiers = useFieldArray({ control, name: 'tiers' });
  useEffect(() => reset({ tiers: values.tiers ?? [], flatFee: values.flatFee ?? 0 }), [settings]);
  const watched = useWatch({ control, name: 'tiers' }) ?? [];
  const flatFee = useWatch({ control, name: 'flatFee' }) ?? 0;
  const ordered = [...watched].filter((x) => typeof x?.daysBeforeDeparture === 'number' && typeof x?.feeBasisPoints === 'number').sort((a, b) => b.daysBeforeDeparture - a.daysBeforeDeparture);
  const lowest = ordered.at(-1);

  const submit = handleSubmit(async (data) => {
    try {
      await update.mutateAsync({ module: 'cancellations', settings: { tiers: [...data.tiers].sort((a, b) => b.daysBeforeDeparture - a.daysBeforeDeparture), flatFee: data.flatFee } });
      toast.success(t('configurations.updated'));
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });

  const tiersError = (formState.errors.tiers as { message?: string; root?: { message?: string } } | undefined)?.root?.message ?? (formState.errors.tiers as { message?: string } | undefined)?.message;

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t('configurations.modules.cancellations')} data-testid="cancellation-policy">
      <p className="muted" style={{ margin: 0 }}>
        {t('cancellations.policy.hint')}
      </p>
      <fieldset className="policy-tiers" disabled={readOnly}>
        <legend>{t('cancellations.policy.tiers')}</legend>
        {tiers.fields.length === 0 && <p className="muted">{t('cancellations.policy.noTiers')}</p>}
        {tiers.fields.map((row, i) => (
          <div key={row.id} className="policy-tier" data-tier={i}>
            <NumberField control={control} name={`tiers.${i}.daysBeforeDeparture`} label={t('cancellations.policy.days', { position: i + 1 })} min={0} max={730} />
            <PercentField control={control} name={`tiers.${i}.feeBasisPoints`} label={t('cancellations.policy.fee', { position: i + 1 })} />
            {!readOnly && (
              <Button type="button" text rounded severity="danger" icon="pi pi-trash" aria-label={t('cancellations.policy.remove', { position: i + 1 })} title={t('cancellations.policy.remove', { position: i + 1 })} onClick={() => tiers.remove(i)} />
            )}
          </div>
        ))}
        {tiersError && (
          <p className="field-error" role="alert" style={{ margin: 0 }}>
            {t('cancellations.policy.tiers')} {tiersError}
          </p>
        )}
        {!readOnly && (
          <span>
            <Button type="button" outlined icon="pi pi-plus" label={t('cancellations.policy.add')} disabled={tiers.fields.length >= 10} onClick={() => tiers.append({ daysBeforeDeparture: 0, feeBasisPoints: 10_000 })} />
          </span>
        )}
      </fieldset>
      <div className="form-grid">
        <MoneyField control={control} name="flatFee" label={t('cancellations.policy.flatFee')} currency={organization.currency} disabled={readOnly} hint={t('cancellations.policy.flatFeeHint')} />
      </div>
      <section aria-labelledby="policy-reads-title" className="policy-reads">
        <h3 id="policy-reads-title" className="workflow-panel__title" style={{ margin: 0 }}>
          {t('cancellations.policy.reads')}
        </h3>
        <ul data-testid="policy-reads">
          {/* By position: two tiers may read the same while one is being typed. */}
          {ordered.map((x, i) => (
            <li key={i}>{t('cancellations.policy.readsTier', { count: x.daysBeforeDeparture, percent: fmt.basisPoints(x.feeBasisPoints) })}</li>
          ))}
          <li>{!lowest ? t('cancellations.policy.readsEmpty') : lowest.daysBeforeDeparture === 0 ? t('cancellations.policy.readsAfter') : t('cancellations.policy.readsBelow', { count: lowest.daysBeforeDeparture })}</li>
          {flatFee > 0 && <li>{t('cancellations.policy.readsFlat', { amount: fmt.money(flatFee) })}</li>}
        </ul>
      </section>
      <SaveFooter formState={formState} readOnly={readOnly} />
    </form>
  );
}
