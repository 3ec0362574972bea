/**
 * The finance area's face: the money kit every area posts through (docs/finance.md): the journal
 * (`postEntry`), the number series (`nextNumber`), and the finance screens' routes.
 */
export { financeRoutes } from './routes';
export { FINANCE_DAY_JOB, financeJobs } from './jobs';
export { FINANCE_SEEDS, seedFinance, startBooksWithHistory } from './seed';
export { postEntry, type LineInput } from './journal';
export { journalEntries } from './schema';
export { nextNumber } from './series';
export { assertBooksOpen } from './periods';
export { assertMoneyDate, booksStart } from './dates';
