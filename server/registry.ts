import type { RouteDef } from './http/route';
import type { JobHandlers } from './jobs/queue';
import { maintenanceJobs } from './jobs/maintenance';
import { adminRoutes } from './admin/routes';
import { catalogueRoutes } from './catalogue/routes';
import { contactRoutes } from './contacts/routes';
import { leadJobs } from './leads/jobs';
import { leadRoutes } from './leads/routes';
import { notificationRoutes } from './notifications/routes';
import { vendorRoutes } from './vendors/routes';
import { financeRoutes } from './finance/routes';
import { personalizedTourRoutes } from './tours/package-routes';
import { groupTourRoutes } from './tours/group-routes';
import { bookingRoutes } from './bookings/routes';
import { bookingJobs } from './bookings/jobs';

/**
 * Every route of the product, by area. The app mounts exactly these; the tests enumerate exactly
 * these. Within the list, fixed paths come before parameterised ones that could shadow them.
 */
export const registry: { api: RouteDef[]; platform: RouteDef[] } = {
  api: [...adminRoutes, ...notificationRoutes, ...vendorRoutes, ...catalogueRoutes, ...leadRoutes, ...contactRoutes, ...financeRoutes, ...personalizedTourRoutes, ...groupTourRoutes, ...bookingRoutes],
  // The parent (platform) service: organizations and subscriptions, in its own issue.
  platform: [],
};

/** Every kind of background job the product runs, by kind. */
export const jobHandlers: JobHandlers = { ...leadJobs, ...maintenanceJobs, ...bookingJobs };
