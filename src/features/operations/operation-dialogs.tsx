import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../ui/dialog';
import { toast } from 'sonner';
import * as v from 'valibot';
import { todayIn } from '../../domain/calendar';
import { newIdempotencyKey } from '../../api/common/idempotency';
import { multiline, requiredText } from '../../api/common/schemas';
import {
  NO_VENDOR_SERVICES_REASON_MAX,
  OPERATION_ERRORS,
  createExpenseInput,
  createVoucherInput,
  EXPENSE_CATEGORIES,
  PAYMENT_METHODS,
  updateExpenseInput,
  updateVoucherInput,
  vendorRefundInput,
  VENDOR_SERVICES,
  type AdditionalExpense,
  type CreateExpenseInput,
  type CreateVoucherInput,
  type OperationDetail,
  type VendorRefundInput,
  type Voucher,
} from '../../api/operations/contract';
import { voucherPdfUrl } from '../../api/operations/get-operations';
import { ApiError } from '../../api/client';
import { useCompleteOperation, useCreateExpense, useCreateVoucher, useUpdateExpense, useUpdateVoucher, useVendorRefund, useVoucherEvent } from '../../api/operations/save-operation';
import { money as moneySchema } from '../../api/common/schemas';
import { vendorsResource } from '../../api/vendors/get-vendors';
import type { VendorService } from '../../api/vendors/contract';
import { useAuth } from '../../ui/auth';
import { DocumentPreview } from '../../ui/document-preview';
import { FormDialog } from '../../ui/form-dialog';
import { applyServerIssues, DateField, NumberField, SelectField, TextAreaField, TextField } from '../../ui/form-fields';
import { contractResolver } from '../../ui/form-resolver';
import { isLocale } from '../../ui/i18n';
import { MoneyField } from '../../ui/money-field';
import { useOperationFormatters } from './operations-page';

/** Active vendors, those offering `service` when one is given (the voucher form's choice). */
function useActiveVendors(service?: VendorService) {
  const params = { isActive: true, limit: 200, sortBy: 'name', sortOrder: 'asc' as const, ...(service ? { services: [service] } : {}) };
  return useQuery({ ...vendorsResource.listQueryOptions(params) });
}

interface VoucherValues {
  serviceType?: VendorService;
  vendorId?: string;
  serviceStartDate: string;
  serviceEndDate: string;
  description: string;
  pax?: number;
  cost?: number;
  confirmationNumber: string;
}

/**
 * A draft voucher, new or edited: the service type first, then only the active vendors offering it;
 * dates within the trip; the cost in the booking's currency.
 */
export function VoucherFormDialog({ operation, voucher, onClose }: { operation: OperationDetail; voucher?: Voucher; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useOperationFormatters();
  const create = useCreateVoucher();
  const update = useUpdateVoucher();
  const { departure, arrival } = operation.booking;
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm<VoucherValues, unknown, CreateVoucherInput>({
    resolver: contractResolver<typeof createVoucherInput, VoucherValues>(createVoucherInput),
    defaultValues: {
      serviceType: voucher?.serviceType,
      vendorId: voucher?.vendor._id,
      serviceStartDate: voucher?.serviceStartDate ?? departure,
      serviceEndDate: voucher?.serviceEndDate ?? arrival,
      description: voucher?.description ?? '',
      pax: voucher?.pax ?? operation.booking.pax,
      cost: voucher?.cost,
      confirmationNumber: voucher?.confirmationNumber ?? '',
    },
  });
  const serviceType = useWatch({ control, name: 'serviceType' });
  const vendors = useActiveVendors(serviceType);
  const options = (vendors.data?.data ?? []).map((x) => ({ value: x._id, label: x.name }));
  // Another service: a vendor that does not offer it is no longer a choice.
  useEffect(() => {
    const chosen = getValues('vendorId');
    if (chosen && vendors.data && !vendors.data.data.some((x) => x._id === chosen)) setValue('vendorId', undefined);
  }, [vendors.data]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      if (voucher) {
        const body = v.parse(updateVoucherInput, input);
        await update.mutateAsync({ operationId: operation._id, voucherId: voucher._id, input: body });
        toast.success(t('operations.vouchers.saved'));
      } else {
        await create.mutateAsync({ operationId: operation._id, input });
        toast.success(t('operations.vouchers.created'));
      }
      onClose();
    } catch (e) {
      applyServerIssues(e, setError as never);
    }
  });
  return (
    <FormDialog
      id="voucher-form"
      header={voucher ? t('operations.vouchers.editTitle') : t('operations.vouchers.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      formState={formState}
      width={640}
    >
      <SelectField control={control} name="serviceType" label={t('operations.vouchers.serviceType')} options={VENDOR_SERVICES.map((s) => ({ value: s, label: t(`operations.serviceTypes.${s}`) }))} />
      <SelectField
        control={control}
        name="vendorId"
        label={t('operations.vouchers.vendor')}
        options={options}
        filter
        disabled={!serviceType}
        placeholder={!serviceType ? t('operations.vouchers.vendorFirst') : vendors.data && options.length === 0 ? t('operations.vouchers.noVendors') : undefined}
        hint={t('operations.vouchers.vendorHint')}
      />
      <div className="ops-columns">
        <DateField control={control} name="serviceStartDate" label={t('operations.vouchers.serviceStartDate')} min={departure} max={arrival} hint={t('operations.vouchers.datesHint', { from: fmt.date(departure), to: fmt.date(arrival) })} />
        <DateField control={control} name="serviceEndDate" label={t('operations.vouchers.serviceEndDate')} min={departure} max={arrival} />
      </div>
      <div className="ops-columns">
        <NumberField control={control} name="pax" label={t('operations.vouchers.pax')} min={1} />
        <MoneyField control={control} name="cost" label={t('operations.vouchers.cost')} currency={operation.currency} />
      </div>
      <TextField control={control} name="confirmationNumber" label={t('operations.vouchers.confirmationNumber')} />
      <TextAreaField control={control} name="description" label={t('operations.vouchers.description')} />
    </FormDialog>
  );
}

const confirmInput = v.object({ confirmationNumber: requiredText(60) });

/** CONFIRM asks for the vendor's confirmation number (the stored one offered); the voucher takes its number. */
export function ConfirmVoucherDialog({ operation, voucher, label, onClose }: { operation: OperationDetail; voucher: Voucher; label: string; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useVoucherEvent();
  const { control, handleSubmit, setError, formState } = useForm({ resolver: contractResolver(confirmInput), defaultValues: { confirmationNumber: voucher.confirmationNumber ?? '' } });
  const onSubmit = handleSubmit(async ({ confirmationNumber }) => {
    try {
      const answer = await send.mutateAsync({ operationId: operation._id, voucherId: voucher._id, event: { type: 'CONFIRM', confirmationNumber } });
      const number = answer.vouchers.find((x) => x._id === voucher._id)?.number ?? '';
      toast.success(t('operations.vouchers.confirmed', { number }));
      onClose();
    } catch (e) {
      applyServerIssues(e, setError as never);
    }
  });
  return (
    <FormDialog id="confirm-voucher-form" header={t('operations.vouchers.confirmTitle', { label })} onClose={onClose} onSubmit={onSubmit} submitting={formState.isSubmitting} error={formState.errors.root?.message} submitLabel={t('operations.vouchers.confirm')} width={480}>
      <TextField control={control} name="confirmationNumber" label={t('operations.vouchers.confirmationNumber')} hint={t('operations.vouchers.confirmHint')} />
    </FormDialog>
  );
}

const noVendorServicesInput = v.object({ reason: requiredText(NO_VENDOR_SERVICES_REASON_MAX, multiline) });

/**
 * The "no vendor services" confirmation: the tour plans vendor services, none is booked, and the
 * person completes the operation saying why (the machine's COMPLETE with `noVendorServices`). It
 * warns when the trip has not left yet; a refusal naming other missing items closes it and marks
 * them (`onRefused`), as the panel's Mark completed does.
 */
export function NoVendorServicesDialog({
  operation,
  onClose,
  onRefused,
}: {
  operation: Pick<OperationDetail, '_id' | 'currency' | 'profit' | 'booking'>;
  onClose: () => void;
  onRefused: (params: Record<string, unknown> | undefined) => void;
}) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const fmt = useOperationFormatters();
  const complete = useCompleteOperation();
  const today = todayIn(organization.timeZone);
  const planned = fmt.money(operation.profit.plannedCost ?? 0, operation.currency);
  const { control, handleSubmit, setError, formState } = useForm({ resolver: contractResolver(noVendorServicesInput), defaultValues: { reason: '' } });
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await complete.mutateAsync({ operationId: operation._id, noVendorServices: { reason } });
      toast.success(t('operations.panel.noVendorServices.done'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.code === OPERATION_ERRORS.operationIncomplete) {
        onClose();
        onRefused(e.params);
        return;
      }
      applyServerIssues(e, setError as never, { 'noVendorServices.reason': 'reason' });
    }
  });
  return (
    <FormDialog
      id="no-vendor-services-form"
      header={t('operations.panel.noVendorServices.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      formState={formState}
      submitLabel={t('operations.panel.noVendorServices.submit')}
      submitIcon="pi pi-flag"
      width={560}
    >
      <p style={{ marginTop: 0 }}>{t('operations.panel.noVendorServices.hint', { planned })}</p>
      {today < operation.booking.departure && (
        <p role="note" className="ops-warning" data-testid="before-departure">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" style={{ marginInlineEnd: '0.35rem' }} />
          {t('operations.panel.beforeDeparture', { date: fmt.date(operation.booking.departure) })}
        </p>
      )}
      <TextAreaField control={control} name="reason" label={t('operations.panel.noVendorServices.reason')} />
    </FormDialog>
  );
}

interface ExpenseValues {
  description: string;
  category?: string;
  amount?: number;
  date: string;
  vendorId: string | null;
}

/** An additional expense of the trip, new or edited; the vendor is optional. */
export function ExpenseFormDialog({ operation, expense, onClose }: { operation: OperationDetail; expense?: AdditionalExpense; onClose: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const vendors = useActiveVendors();
  const options = [{ value: null, label: t('operations.expenses.noVendor') }, ...(vendors.data?.data ?? []).map((x) => ({ value: x._id, label: x.name }))];
  if (expense?.vendor && !options.some((o) => o.value === expense.vendor!._id)) options.push({ value: expense.vendor._id, label: expense.vendor.name });
  const { control, handleSubmit, setError, formState } = useForm<ExpenseValues, unknown, CreateExpenseInput>({
    resolver: contractResolver<typeof createExpenseInput, ExpenseValues>(createExpenseInput),
    defaultValues: {
      description: expense?.description ?? '',
      category: expense?.category,
      amount: expense?.amount,
      date: expense?.date ?? todayIn(organization.timeZone),
      vendorId: expense?.vendor?._id ?? null,
    },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      if (expense) {
        await update.mutateAsync({ operationId: operation._id, expenseId: expense._id, input: v.parse(updateExpenseInput, input) });
        toast.success(t('operations.expenses.saved'));
      } else {
        await create.mutateAsync({ operationId: operation._id, input });
        toast.success(t('operations.expenses.created'));
      }
      onClose();
    } catch (e) {
      applyServerIssues(e, setError as never);
    }
  });
  return (
    <FormDialog
      id="expense-form"
      header={expense ? t('operations.expenses.editTitle') : t('operations.expenses.addTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      formState={formState}
      width={560}
    >
      <TextField control={control} name="description" label={t('operations.expenses.description')} />
      <SelectField control={control} name="category" label={t('operations.expenses.category')} options={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: t(`operations.expenses.categories.${c}`) }))} />
      <MoneyField control={control} name="amount" label={t('operations.expenses.amount')} currency={operation.currency} />
      <DateField control={control} name="date" label={t('operations.expenses.date')} />
      <SelectField control={control} name="vendorId" label={t('operations.expenses.vendor')} options={options} filter hint={t('operations.expenses.vendorHint')} />
    </FormDialog>
  );
}

/** The voucher's PDF as its vendor gets it, in the person's language, with a link to the file itself. */
export function VoucherPreviewDialog({ operation, voucher, label, onClose }: { operation: OperationDetail; voucher: Voucher; label: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const url = voucherPdfUrl(operation._id, voucher._id, isLocale(i18n.language) ? i18n.language : undefined);
  return (
    <Dialog visible onHide={onClose} header={t('operations.vouchers.pdfTitle', { label })} style={{ width: 'min(820px, 100vw)' }} className="form-dialog" data-testid="voucher-preview">
      <p style={{ marginTop: 0 }}>
        <a href={url} target="_blank" rel="noreferrer">
          <i className="pi pi-external-link" aria-hidden="true" style={{ marginInlineEnd: '0.35rem' }} />
          {t('operations.vouchers.openPdf')}
        </a>
      </p>
      <DocumentPreview url={url} title={t('operations.vouchers.pdfTitle', { label })} />
    </Dialog>
  );
}

const expectedInput = v.strictObject({ vendorRefundExpected: moneySchema(0) });

/**
 * What the vendor gives back if the trip is cancelled (the cancellation's terms with it): set while
 * the voucher is not void, never above its cost. The cancellation quote shows it as the vendors' side.
 */
export function VendorRefundExpectedDialog({ operation, voucher, label, onClose }: { operation: Pick<OperationDetail, '_id' | 'currency'>; voucher: Voucher; label: string; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useOperationFormatters();
  const update = useUpdateVoucher();
  const { control, handleSubmit, setError, formState } = useForm<{ vendorRefundExpected?: number }, unknown, v.InferOutput<typeof expectedInput>>({
    resolver: contractResolver<typeof expectedInput, { vendorRefundExpected?: number }>(expectedInput),
    defaultValues: { vendorRefundExpected: voucher.vendorRefundExpected },
  });
  const onSubmit = handleSubmit(async (input) => {
    if (input.vendorRefundExpected > voucher.cost) {
      setError('vendorRefundExpected', { type: 'tooLarge', message: t('cancellations.vendor.aboveCost', { cost: fmt.money(voucher.cost, operation.currency) }) });
      return;
    }
    try {
      await update.mutateAsync({ operationId: operation._id, voucherId: voucher._id, input });
      toast.success(t('cancellations.vendor.expectedSaved', { label }));
      onClose();
    } catch (e) {
      applyServerIssues(e, setError as never);
    }
  });
  return (
    <FormDialog
      id="vendor-refund-expected-form"
      header={t('cancellations.vendor.expectedTitle', { label })}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      dirty={formState.isDirty}
      width={520}
    >
      <p className="muted" style={{ margin: 0 }}>
        {t('cancellations.vendor.expectedHint', { cost: fmt.money(voucher.cost, operation.currency), paid: fmt.money(voucher.paid, operation.currency) })}
      </p>
      <MoneyField control={control} name="vendorRefundExpected" label={t('cancellations.vendor.expected')} currency={operation.currency} />
    </FormDialog>
  );
}

interface VendorRefundValues {
  amount?: number;
  paymentMethod: string;
  receivedOn: string;
  reference: string;
}

/**
 * Money a vendor gave back for a void voucher of a cancelled trip: at most what was paid to it and
 * not given back yet (the server refuses more), what was expected offered first. One
 * Idempotency-Key per opening.
 */
export function VendorRefundDialog({ operation, voucher, label, onClose }: { operation: Pick<OperationDetail, '_id' | 'currency'>; voucher: Voucher; label: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const fmt = useOperationFormatters();
  const record = useVendorRefund();
  const [key] = useState(newIdempotencyKey);
  const left = voucher.paid - voucher.vendorRefunded;
  const expected = Math.max(0, Math.min(voucher.paid, voucher.vendorRefundExpected) - voucher.vendorRefunded);
  const { control, handleSubmit, setError, formState } = useForm<VendorRefundValues, unknown, VendorRefundInput>({
    resolver: contractResolver<typeof vendorRefundInput, VendorRefundValues>(vendorRefundInput),
    defaultValues: { amount: (expected || left) > 0 ? expected || left : undefined, paymentMethod: 'bank-transfer', receivedOn: todayIn(organization.timeZone), reference: '' },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      await record.mutateAsync({ operationId: operation._id, voucherId: voucher._id, input, key });
      toast.success(t('cancellations.vendor.refundRecorded', { amount: fmt.money(input.amount, operation.currency), label }));
      onClose();
    } catch (e) {
      applyServerIssues(e, setError as never);
    }
  });
  return (
    <FormDialog
      id="vendor-refund-form"
      header={t('cancellations.vendor.refundTitle', { label })}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={formState.isSubmitting}
      dirty={formState.isDirty}
      submitLabel={t('cancellations.vendor.refundSubmit')}
      submitIcon="pi pi-download"
      width={520}
    >
      <p className="muted" style={{ margin: 0 }} data-testid="vendor-refund-left">
        {t('cancellations.vendor.refundHint', { left: fmt.money(left, operation.currency), expected: fmt.money(expected, operation.currency) })}
      </p>
      <MoneyField control={control} name="amount" label={t('operations.payment.amount')} currency={operation.currency} />
      <SelectField control={control} name="paymentMethod" label={t('cancellations.vendor.receivedInto')} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finance.methods.${m}`) }))} />
      <DateField control={control} name="receivedOn" label={t('cancellations.vendor.receivedOn')} />
      <TextField control={control} name="reference" label={t('operations.payment.reference')} />
    </FormDialog>
  );
}
