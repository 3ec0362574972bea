/** The notifications area's face: the bell's routes, and `notify` for the areas that tell a member something. */
export { notificationRoutes } from './routes';
export { notifications } from './schema';
export { notify, notifyEach } from './store';
