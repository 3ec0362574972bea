import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';
import admin from './admin';
import catalogue from './catalogue';
import vendors from './vendors';
import leads from './leads';
import contacts from './contacts';
import finance from './finance';
import tourPackages from './tour-packages';
import bookings from './bookings';

const ae: LocaleResources = { ...shell, ...errors, ...admin, ...catalogue, ...vendors, ...leads, ...contacts, ...finance, ...tourPackages, ...bookings };

export default ae;
