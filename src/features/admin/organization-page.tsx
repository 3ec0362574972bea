import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { ColorPicker } from 'primereact/colorpicker';
import { Dialog } from '../../ui/dialog';
import { InputText } from 'primereact/inputtext';
import { Skeleton } from 'primereact/skeleton';
import { toast } from 'sonner';
import { updateOrganizationInput, type Organization, type UpdateOrganizationInput } from '../../api/admin/organization/contract';
import { useOrganization, useRegenerateSecret, useUpdateOrganization } from '../../api/admin/organization/get-organization';
import { useCan } from '../../ui/auth';
import { colorSchemeVariables } from '../../ui/color-scheme';
import { confirmAction } from '../../ui/confirm';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, NumberField, SelectField, TextAreaField, TextField, fieldMessage } from '../../ui/form-fields';
import { SaveFooter } from '../../ui/form-dialog';
import { StatusTag } from '../../ui/status-tag';
import { OrganizationLogo } from './organization-logo';

interface FormValues {
  name: string;
  currency: string;
  timeZone: string;
  invoicePrefix: string;
  /** Typed as a percentage; the contract takes basis points (`taxRate`). */
  taxPercent: number | undefined;
  terms: string;
  address: string;
  colorScheme: { primary: string; secondary: string };
}

/** The form shows the tax rate as a percentage (12.5) and sends basis points (1250). */
const TAX_FIELD = { taxRate: 'taxPercent' };
const toInput = ({ taxPercent, ...rest }: FormValues) => ({ ...rest, taxRate: taxPercent === undefined ? null : Math.round(taxPercent * 100) });

const HEX = /^#[0-9a-fA-F]{6}$/;

function ColorField({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="row" style={{ flexWrap: 'nowrap' }}>
        <ColorPicker value={value.replace('#', '')} onChange={(e) => typeof e.value === 'string' && onChange(`#${e.value}`)} aria-label={label} />
        <InputText id={id} value={value} onChange={(e) => onChange(e.target.value)} maxLength={7} invalid={!!error} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} style={{ width: '8rem' }} />
      </div>
      {error && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

function OrganizationForm({ org, readOnly }: { org: Organization; readOnly: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateOrganization();
  const regenerate = useRegenerateSecret();
  const [secret, setSecret] = useState<string | null>(null);
  const currencies = useMemo(() => Intl.supportedValuesOf('currency').map((c) => ({ value: c, label: c })), []);
  const zones = useMemo(() => ['UTC', ...Intl.supportedValuesOf('timeZone')].map((z) => ({ value: z, label: z })), []);

  const { control, handleSubmit, reset, setError, formState } = useForm<FormValues, unknown, UpdateOrganizationInput>({
    resolver: contractResolver(updateOrganizationInput, { toInput, fieldOf: TAX_FIELD }),
    defaultValues: toForm(org),
  });
  useEffect(() => reset(toForm(org)), [org, reset]);
  const colors = useWatch({ control, name: 'colorScheme' });
  const previewScheme = HEX.test(colors.primary) && HEX.test(colors.secondary) ? colors : org.colorScheme;

  const submit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
      toast.success(t('organization.updated'));
    } catch (error) {
      applyServerIssues(error, setError as never, TAX_FIELD);
    }
  });

  async function regenerateSecret() {
    const ok = await confirmAction({ message: t('organization.regenerateConfirm'), header: t('organization.regenerate'), danger: true, acceptLabel: t('organization.regenerate') });
    if (!ok) return;
    const answer = await regenerate.mutateAsync().catch(() => undefined);
    if (answer) setSecret(answer.secret);
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <div className="card form-grid">
        <TextField control={control} name="name" label={t('organization.name')} disabled={readOnly} />
        <SelectField control={control} name="currency" label={t('organization.currency')} options={currencies} filter disabled={readOnly} />
        <SelectField control={control} name="timeZone" label={t('organization.timeZone')} options={zones} filter disabled={readOnly} />
        <TextField control={control} name="invoicePrefix" label={t('organization.invoicePrefix')} disabled={readOnly} />
        <NumberField control={control} name="taxPercent" label={t('organization.taxRate')} min={0} max={100} maxFractionDigits={2} disabled={readOnly} />
        <TextAreaField control={control} name="terms" label={t('organization.terms')} disabled={readOnly} />
        <TextAreaField control={control} name="address" label={t('organization.address')} disabled={readOnly} />
      </div>
      <div className="card stack">
        <h2>{t('organization.colors')}</h2>
        <div className="form-grid">
          {(['primary', 'secondary'] as const).map((k) => (
            <Controller
              key={k}
              control={control}
              name={`colorScheme.${k}`}
              render={({ field, fieldState }) => (
                <ColorField id={`color-${k}`} label={t(`organization.${k}`)} value={field.value} onChange={field.onChange} error={fieldMessage(t(`organization.${k}`), fieldState.error?.message)} />
              )}
            />
          ))}
          <div className="swatch-preview" style={colorSchemeVariables(previewScheme) as CSSProperties} aria-label={t('organization.preview')} role="group" data-testid="color-preview">
            <strong>{t('organization.preview')}</strong>
            <div className="row">
              <Button type="button" label={t('organization.previewButton')} tabIndex={-1} />
              <Button type="button" className="p-button-secondary app-secondary" label={t('organization.previewSecondary')} tabIndex={-1} />
            </div>
            <div className="row">
              <span className="avatar">AB</span>
              <StatusTag status="active" />
              <span className="nav-menu"><a className="active" style={{ display: 'inline-flex' }}>{t('menu.dashboard')}</a></span>
            </div>
          </div>
        </div>
      </div>
      <SaveFooter formState={formState} readOnly={readOnly} />
      <OrganizationLogo readOnly={readOnly} />
      <div className="card stack">
        <h2>{t('organization.secret')}</h2>
        <p className="muted">{t('organization.secretHint', { hint: org.secretHint })}</p>
        {!readOnly && (
          <div>
            <Button type="button" severity="danger" outlined icon="pi pi-refresh" label={t('organization.regenerate')} loading={regenerate.isPending} onClick={() => void regenerateSecret()} />
          </div>
        )}
      </div>
      <Dialog visible={!!secret} onHide={() => setSecret(null)} header={t('organization.newSecret')} style={{ width: 'min(520px, 95vw)' }}>
        <p>{t('organization.newSecretHint')}</p>
        <div className="secret-box" data-testid="new-secret">
          {secret}
        </div>
        <div className="row" style={{ justifyContent: 'flex-end', marginTop: '1rem' }}>
          <Button
            type="button"
            icon="pi pi-copy"
            label={t('organization.copy')}
            onClick={() => void navigator.clipboard?.writeText(secret ?? '').then(() => toast.success(t('organization.copied')))}
          />
        </div>
      </Dialog>
    </form>
  );
}

function toForm(org: Organization): FormValues {
  return {
    name: org.name,
    currency: org.currency,
    timeZone: org.timeZone,
    invoicePrefix: org.invoicePrefix,
    taxPercent: org.taxRate / 100,
    terms: org.terms ?? '',
    address: org.address ?? '',
    colorScheme: { ...org.colorScheme },
  };
}

export function OrganizationPage() {
  const { t } = useTranslation();
  const can = useCan();
  const org = useOrganization();
  return (
    <section className="stack">
      <div className="page-header">
        <h1>{t('organization.title')}</h1>
      </div>
      {org.data ? <OrganizationForm org={org.data} readOnly={!can('organization', 'update')} /> : <Skeleton height="24rem" />}
    </section>
  );
}
