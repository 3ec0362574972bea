import type { AnyStateMachine } from 'xstate';
import { bookingMachine } from '../../src/machines/booking-machine';
import { customizedTourMachine } from '../../src/machines/customized-tour-machine';
import { leadMachine } from '../../src/machines/lead-machine';
import { operationMachine } from '../../src/machines/operation-machine';
import { paymentMachine } from '../../src/machines/payment-machine';
import { vendorMachine } from '../../src/machines/vendor-machine';
import { voucherMachine } from '../../src/machines/voucher-machine';
import { cancellationMachine } from '../../src/machines/cancellation-machine';
import { refundMachine } from '../../src/machines/refund-machine';
import { creditNoteMachine } from '../../src/machines/credit-note-machine';

/** Every machine whose state a table stores, with its column; a machine only the browser runs is listed apart. */
export const STORED: { machine: AnyStateMachine; table: string; column: string }[] = [
  { machine: leadMachine, table: 'leads', column: 'status' },
  { machine: vendorMachine, table: 'vendors', column: 'status' },
  { machine: customizedTourMachine, table: 'customized_tours', column: 'status' },
  { machine: bookingMachine, table: 'bookings', column: 'status' },
  { machine: paymentMachine, table: 'booking_payments', column: 'status' },
  { machine: operationMachine, table: 'booking_operations', column: 'status' },
  { machine: voucherMachine, table: 'vouchers', column: 'status' },
  { machine: cancellationMachine, table: 'booking_cancellations', column: 'status' },
  { machine: refundMachine, table: 'refunds', column: 'status' },
  { machine: creditNoteMachine, table: 'credit_notes', column: 'status' },
];
/** Machines of the screens only (multi-step dialogs): nothing stores their state. */
export const CLIENT_ONLY = ['bookingWizard', 'cancellationApproval'];
