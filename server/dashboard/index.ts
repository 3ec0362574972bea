/** The start page's face: "My day". */
export { dashboardRoutes } from './routes';
