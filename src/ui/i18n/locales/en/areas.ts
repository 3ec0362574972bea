/** The English of the signed-in areas: loaded with the shell (`loadAreaStrings`), not by the sign-in page. */
import admin from './admin';
import catalogue from './catalogue';
import vendors from './vendors';
import leads from './leads';
import contacts from './contacts';
import finance from './finance';
import financeMonth from './finance-month';
import tourPackages from './tour-packages';
import bookings from './bookings';
import dashboard from './dashboard';
import documents from './documents';
import tours from './tours';
import ai from './ai';
import operations from './operations';

const areas = { ...admin, ...catalogue, ...vendors, ...leads, ...contacts, ...finance, ...financeMonth, ...tourPackages, ...dashboard, ...documents, ...tours, ...bookings, ...ai, ...operations };

export default areas;
