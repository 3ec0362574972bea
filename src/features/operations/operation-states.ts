import { useTranslation } from 'react-i18next';
import type { Voucher } from '../../api/operations/contract';
import { operationMachine } from '../../machines/operation-machine';
import { voucherMachine } from '../../machines/voucher-machine';
import { statesWithTag } from '../../machines/workflow';

/** Confirmed, not yet sent (the voucher machine's tag): what "Send vouchers" sends. */
export const AWAITING_SEND = statesWithTag(voucherMachine, 'awaitingSend');
/** Vouchers whose details change, that take payments, whose cost is owed (the voucher machine's tags). */
export const EDITABLE_VOUCHER = statesWithTag(voucherMachine, 'editable');
export const PAYABLE_VOUCHER = statesWithTag(voucherMachine, 'payable');
export const COUNTED_VOUCHER = statesWithTag(voucherMachine, 'counted');
/** Operations that take vouchers, expenses, payments and completion (the operation machine's `open` tag). */
export const OPEN_OPERATION = statesWithTag(operationMachine, 'open');

/** How a voucher is named on the page: its number once confirmed, else its service and vendor. */
export function useVoucherLabel() {
  const { t } = useTranslation();
  return (x: Voucher) => x.number ?? `${t(`operations.serviceTypes.${x.serviceType}`)} · ${x.vendor.name}`;
}
