/** The contacts area's face: the contacts list (people with their leads) and contact groups. */
export { contactRoutes } from './routes';
