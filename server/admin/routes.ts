import { authRoutes } from './auth-routes';
import { configurationRoutes } from './configuration-routes';
import { memberRoutes } from './member-routes';
import { moduleRoutes } from './module-routes';
import { organizationRoutes } from './organization-routes';
import { roleRoutes } from './role-routes';

/** Sign-in, the organization, its members, roles, modules and configurations. */
export const adminRoutes = [...authRoutes, ...organizationRoutes, ...memberRoutes, ...roleRoutes, ...moduleRoutes, ...configurationRoutes];
