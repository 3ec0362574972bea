/** The platform area's face: the parent service (organizations, subscriptions, onboarding). */
export { platformRoutes } from './routes';
export { platformQueues } from './invitation-mail';
export { DEMO_OPERATOR, seedOperator } from './seed';
