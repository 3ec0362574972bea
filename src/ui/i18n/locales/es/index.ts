import type { LocaleResources } from '../../types';
import shell from './shell';

const es: LocaleResources = { ...shell };

export default es;
