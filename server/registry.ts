import type { RouteDef } from './http/route';
import type { JobHandlers } from './jobs/queue';
import { maintenanceJobs } from './jobs/maintenance';
import { dailyTick } from './jobs/daily';
import type { BossQueue } from './jobs/boss';
import type { AppServices } from './services';
import { adminRoutes } from './admin';
import { aiRoutes } from './ai';
import { BOOKING_DAY_JOB, bookingDocumentRoutes, bookingJobs, bookingRoutes } from './bookings';
import { catalogueRoutes } from './catalogue';
import { contactRoutes } from './contacts';
import { dashboardRoutes } from './dashboard';
import { documentQueues, outboxRoutes } from './documents';
import { FINANCE_DAY_JOB, financeJobs, financeRoutes } from './finance';
import { leadJobs, leadRoutes } from './leads';
import { notificationRoutes } from './notifications';
import { operationRoutes } from './operations';
import { CANCELLATIONS_DAY_JOB, cancellationJobs, cancellationRoutes } from './cancellations';
import { platformQueues, platformRoutes } from './platform';
import { tourRoutes } from './tours';
import { vendorRoutes } from './vendors';

/**
 * Every route of the product, by area. The app mounts exactly these; the tests enumerate exactly
 * these. Within the list, fixed paths come before parameterised ones that could shadow them.
 */
export const registry: { api: RouteDef[]; platform: RouteDef[] } = {
  api: [...adminRoutes, ...dashboardRoutes, ...notificationRoutes, ...vendorRoutes, ...catalogueRoutes, ...leadRoutes, ...contactRoutes, ...financeRoutes, ...aiRoutes, ...tourRoutes, ...bookingRoutes, ...bookingDocumentRoutes, ...operationRoutes, ...cancellationRoutes, ...outboxRoutes],
  // The parent service, for platform operators: organizations, subscriptions, onboarding.
  platform: platformRoutes,
};

/** Every kind of background job the product runs, by kind. */
export const jobHandlers: JobHandlers = { ...leadJobs, ...maintenanceJobs, ...bookingJobs, ...financeJobs, ...cancellationJobs, ...dailyTick([BOOKING_DAY_JOB, FINANCE_DAY_JOB, CANCELLATIONS_DAY_JOB]) };

/** The queues of work that talks to the outside world (pg-boss, server/jobs/boss.ts), dead-letter queues first. */
export const bossQueues = (services: AppServices): BossQueue[] => [...documentQueues(services), ...platformQueues(services)];
