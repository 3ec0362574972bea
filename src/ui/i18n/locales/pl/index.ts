import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';
import admin from './admin';
import catalogue from './catalogue';
import vendors from './vendors';
import leads from './leads';
import contacts from './contacts';
import finance from './finance';
import financeMonth from './finance-month';
import personalizedGroupTours from './personalized-group-tours';
import platform from './platform';
import bookings from './bookings';
import dashboard from './dashboard';
import documents from './documents';
import tours from './tours';
import ai from './ai';
import operations from './operations';
import cancellations from './cancellations';

const pl: LocaleResources = { ...shell, ...errors, ...admin, ...catalogue, ...vendors, ...leads, ...contacts, ...finance, ...financeMonth, ...personalizedGroupTours, ...dashboard, ...documents, ...tours, ...platform, ...bookings, ...ai, ...operations, ...cancellations };

export default pl;
