import type { RouteDef } from './http/route';
import type { JobHandlers } from './jobs/queue';
import { maintenanceJobs } from './jobs/maintenance';
import { adminRoutes } from './admin/routes';
import { catalogueRoutes } from './catalogue/routes';
import { contactRoutes } from './contacts/routes';
import { dashboardRoutes } from './dashboard/routes';
import { leadJobs } from './leads/jobs';
import { leadRoutes } from './leads/routes';
import { notificationRoutes } from './notifications/routes';
import { vendorRoutes } from './vendors/routes';
import { financeRoutes } from './finance/routes';
import { platformRoutes } from './platform/routes';
import { tourRoutes } from './tours/routes';
import { aiRoutes } from './ai/routes';
import { documentRoutes } from './documents/routes';
import { documentQueues } from './documents/jobs';
import { bookingRoutes } from './bookings/routes';
import { bookingDocumentRoutes } from './bookings/documents';
import { operationRoutes } from './operations/routes';
import { bookingJobs } from './bookings/jobs';
import { platformQueues } from './platform/invitation-mail';
import type { BossQueue } from './jobs/boss';
import type { AppServices } from './services';

/**
 * Every route of the product, by area. The app mounts exactly these; the tests enumerate exactly
 * these. Within the list, fixed paths come before parameterised ones that could shadow them.
 */
export const registry: { api: RouteDef[]; platform: RouteDef[] } = {
  api: [...adminRoutes, ...dashboardRoutes, ...notificationRoutes, ...vendorRoutes, ...catalogueRoutes, ...leadRoutes, ...contactRoutes, ...financeRoutes, ...aiRoutes, ...tourRoutes, ...bookingRoutes, ...bookingDocumentRoutes, ...operationRoutes, ...documentRoutes],
  // The parent service, for platform operators: organizations, subscriptions, onboarding.
  platform: platformRoutes,
};

/** Every kind of background job the product runs, by kind. */
export const jobHandlers: JobHandlers = { ...leadJobs, ...maintenanceJobs, ...bookingJobs };

/** The queues of work that talks to the outside world (pg-boss, server/jobs/boss.ts), dead-letter queues first. */
export const bossQueues = (services: AppServices): BossQueue[] => [...documentQueues(services), ...platformQueues(services)];
