import type { RouteDef } from './http/route';
import { authRoutes } from './admin/auth-routes';
import { configurationRoutes } from './admin/configuration-routes';
import { memberRoutes } from './admin/member-routes';
import { moduleRoutes } from './admin/module-routes';
import { notificationRoutes } from './notifications/routes';
import { organizationRoutes } from './admin/organization-routes';
import { roleRoutes } from './admin/role-routes';
import { vendorRoutes } from './vendors/routes';
import { regionRoutes } from './catalogue/region-routes';
import { destinationRoutes } from './catalogue/destination-routes';
import { hotelRoutes } from './catalogue/hotel-routes';
import { activityRoutes } from './catalogue/activity-routes';
import { reviewRoutes } from './catalogue/review-routes';
import { leadRoutes } from './leads/routes';
import { leadCaptureRoutes } from './leads/capture-routes';
import { contactRoutes } from './contacts/routes';

/** Every route of the product. The app mounts exactly these; the tests enumerate exactly these. */
export const registry: { api: RouteDef[]; platform: RouteDef[] } = {
  api: [
    ...authRoutes,
    // Fixed paths before parameterised ones that could shadow them.
    ...organizationRoutes,
    ...memberRoutes,
    ...roleRoutes,
    ...moduleRoutes,
    ...notificationRoutes,
    ...configurationRoutes,
    ...vendorRoutes,
    ...regionRoutes,
    ...destinationRoutes,
    ...hotelRoutes,
    ...activityRoutes,
    ...reviewRoutes,
    ...leadRoutes,
    ...leadCaptureRoutes,
    ...contactRoutes,
  ],
  // The parent (platform) service: organizations and subscriptions, in its own issue.
  platform: [],
};
