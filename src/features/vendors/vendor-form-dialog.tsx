import { useForm } from 'react-hook-form';
import { contractResolver } from '../../ui/form-resolver';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { VENDOR_SERVICES, createVendorInput, type CreateVendorInput, type Vendor, type VendorService } from '../../api/vendors/contract';
import { useCreateVendor, useUpdateVendor } from '../../api/vendors/save-vendor';
import { FormDialog } from '../../ui/form-dialog';
import { applyServerIssues, MultiSelectField, TextAreaField, TextField } from '../../ui/form-fields';

interface FormValues {
  name: string;
  services: VendorService[];
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  notes: string;
  bankDetails: { accountName: string; bankName: string; accountNumber: string; swift: string };
}

const toForm = (vendor?: Vendor): FormValues => ({
  name: vendor?.name ?? '',
  services: vendor?.services ?? [],
  contactPerson: vendor?.contactPerson ?? '',
  email: vendor?.email ?? '',
  phone: vendor?.phone ?? '',
  address: vendor?.address ?? '',
  notes: vendor?.notes ?? '',
  bankDetails: {
    accountName: vendor?.bankDetails?.accountName ?? '',
    bankName: vendor?.bankDetails?.bankName ?? '',
    accountNumber: vendor?.bankDetails?.accountNumber ?? '',
    swift: vendor?.bankDetails?.swift ?? '',
  },
});

/**
 * Create or edit a vendor. Both send every field (blank text clears it); never `isActive`, which
 * is a workflow event the activate/deactivate buttons send.
 */
export function VendorFormDialog({ vendor, onClose, onSaved }: { vendor?: Vendor; onClose: () => void; onSaved?: (vendor: Vendor) => void }) {
  const { t } = useTranslation();
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const isNew = !vendor;
  const { control, handleSubmit, setError, formState } = useForm<FormValues, unknown, CreateVendorInput>({
    // The contract's create schema: trims, turns blanks into null, orders the services.
    resolver: contractResolver<typeof createVendorInput, FormValues>(createVendorInput),
    defaultValues: toForm(vendor),
  });

  const submit = handleSubmit(async (input) => {
    try {
      const saved = isNew ? await create.mutateAsync(input) : await update.mutateAsync({ id: vendor._id, input });
      toast.success(t(isNew ? 'vendors.created' : 'vendors.updated'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });

  const serviceOptions = VENDOR_SERVICES.map((s) => ({ value: s, label: t(`vendors.serviceTypes.${s}`) }));

  return (
    <FormDialog id="vendor-form" header={isNew ? t('vendors.newVendor') : t('vendors.editVendor')} onClose={onClose} onSubmit={submit} formState={formState}>
      <div className="form-grid">
        <TextField control={control} name="name" label={t('vendors.name')} autoComplete="organization" />
        <MultiSelectField control={control} name="services" label={t('vendors.services')} options={serviceOptions} />
        <TextField control={control} name="contactPerson" label={t('vendors.contactPerson')} autoComplete="name" />
        <TextField control={control} name="email" label={t('vendors.email')} type="email" autoComplete="email" />
        <TextField control={control} name="phone" label={t('vendors.phone')} type="tel" autoComplete="tel" />
        <TextField control={control} name="address" label={t('vendors.address')} autoComplete="street-address" />
      </div>
      <TextAreaField control={control} name="notes" label={t('vendors.notes')} />
      <fieldset className="form-grid" style={{ border: '1px solid var(--surface-border)', borderRadius: 8, padding: '0.75rem 1rem 1rem' }}>
        <legend style={{ fontWeight: 600, padding: '0 0.35rem' }}>{t('vendors.bankDetails')}</legend>
        <TextField control={control} name="bankDetails.accountName" label={t('vendors.bankAccountName')} autoComplete="off" />
        <TextField control={control} name="bankDetails.bankName" label={t('vendors.bankName')} autoComplete="off" />
        <TextField control={control} name="bankDetails.accountNumber" label={t('vendors.bankAccountNumber')} autoComplete="off" />
        <TextField control={control} name="bankDetails.swift" label={t('vendors.bankSwift')} autoComplete="off" />
      </fieldset>
    </FormDialog>
  );
}
