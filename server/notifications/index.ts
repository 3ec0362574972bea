/** The notifications area's face: the bell's routes, `notify` for the areas that tell a member something, and `resolveNotifications` once the work they asked for is done. */
export { notificationRoutes } from './routes';
export { notifications } from './schema';
export { notify, notifyEach, resolveNotifications } from './store';
