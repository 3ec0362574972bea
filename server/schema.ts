/**
 * Every table of the product, for drizzle-kit (migrations): each area keeps its own tables in `server/<area>/schema.ts`.
 */
export * from './db/tenancy';
export { clockOverride } from './db/clock';
export * from './auth/schema';
export * from './http/schema';
export * from './jobs/schema';
export * from './admin/schema';
export * from './notifications/schema';
export * from './catalogue/schema';
export * from './vendors/schema';
export * from './contacts/schema';
export * from './leads/schema';
export * from './finance/schema';
export * from './tours/schema';
export * from './tours/plan-schema';
export * from './documents/schema';
export * from './bookings/schema';
export * from './ai/schema';
export * from './operations/schema';
export * from './cancellations/schema';
export * from './work-queue/schema';
