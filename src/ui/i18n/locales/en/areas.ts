/** The English of the signed-in areas: loaded with the shell (`loadAreaStrings`), not by the sign-in page. */
import admin from './admin';
import catalogue from './catalogue';
import vendors from './vendors';
import leads from './leads';
import contacts from './contacts';
import finance from './finance';
import financeMonth from './finance-month';
import personalizedGroupTours from './personalized-group-tours';
import bookings from './bookings';
import dashboard from './dashboard';
import documents from './documents';
import tours from './tours';
import ai from './ai';
import operations from './operations';
import cancellations from './cancellations';
import workQueue from './work-queue';

const areas = { ...admin, ...catalogue, ...vendors, ...leads, ...contacts, ...finance, ...financeMonth, ...personalizedGroupTours, ...dashboard, ...documents, ...tours, ...bookings, ...ai, ...operations, ...cancellations, ...workQueue };

export default areas;
