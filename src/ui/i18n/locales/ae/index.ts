import type { LocaleResources } from '../../types';
import shell from './shell';
import admin from './admin';
import catalogue from './catalogue';
import vendors from './vendors';
import leads from './leads';
import contacts from './contacts';
import finance from './finance';

const ae: LocaleResources = { ...shell, ...admin, ...catalogue, ...vendors, ...leads, ...contacts, ...finance };

export default ae;
