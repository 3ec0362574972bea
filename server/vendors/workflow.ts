import { vendorMachine, describeVendorRefusal } from '../../src/machines/vendor-machine';
import { rowWorkflow } from '../workflow/apply-event';
import { vendors } from './schema';

/** Vendor activation: `PUT /vendors/{id}` with `isActive` goes through this. */
export const vendorWorkflow = rowWorkflow({
  machine: vendorMachine,
  table: vendors,
  recordName: 'Vendor',
  refusal: describeVendorRefusal,
});
