/** The vendors area's face: suppliers and their transactions (what operations pays and owes). */
export { vendorRoutes } from './routes';
export { vendorTransactions, vendors } from './schema';
export { activeVendor, describedAs, vendorOf, vendorsWithoutBankDetails } from './store';
