import type { RouteDef } from '../http/route';
import { authRoutes } from './auth';
import { configurationRoutes } from './configurations';
import { memberRoutes } from './members';
import { moduleRoutes } from './modules';
import { notificationRoutes } from './notifications';
import { organizationRoutes } from './organization';
import { roleRoutes } from './roles';
import { vendorRoutes } from './vendors';

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
  ],
  // The parent (platform) service: organizations and subscriptions, in its own issue.
  platform: [],
};
