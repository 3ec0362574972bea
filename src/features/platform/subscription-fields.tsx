import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_SEATS, PLANS, SUBSCRIPTION_STATUSES } from '../../api/platform/subscription';
import { DateField, NumberField, SelectField } from '../../ui/form-fields';

/** Plan, seats, status and period end: the onboarding form's and the subscription form's fields. */
export function SubscriptionFields<T extends FieldValues>({ control, prefix = '' }: { control: Control<T, any, any>; prefix?: string }) {
  const { t } = useTranslation();
  const name = (field: string) => `${prefix}${field}` as Path<T>;
  return (
    <>
      <SelectField control={control} name={name('plan')} label={t('subscription.plan')} options={PLANS.map((p) => ({ value: p, label: t(`subscription.plans.${p}`) }))} />
      <NumberField control={control} name={name('seats')} label={t('subscription.seats')} min={1} max={MAX_SEATS} />
      <SelectField control={control} name={name('status')} label={t('subscription.status')} options={SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
      <DateField control={control} name={name('periodEnd')} label={t('subscription.periodEnd')} />
    </>
  );
}
