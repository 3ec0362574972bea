import type { RouteDef } from '../http/route';
import { authRoutes } from './auth';
import { configurationRoutes } from './configurations';
import { memberRoutes } from './members';
import { moduleRoutes } from './modules';
import { notificationRoutes } from './notifications';
import { organizationRoutes } from './organization';
import { roleRoutes } from './roles';
import { vendorRoutes } from './vendors';
import { regionRoutes } from './regions';
import { destinationRoutes } from './destinations';
import { hotelRoutes } from './hotels';
import { activityRoutes } from './activities';
import { reviewRoutes } from './reviews';
import { leadRoutes } from './leads';
import { leadCaptureRoutes } from './lead-capture';
import { contactRoutes } from './contacts';
import { financeRoutes } from '../finance/routes';

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
    ...financeRoutes,
  ],
  // The parent (platform) service: organizations and subscriptions, in its own issue.
  platform: [],
};
