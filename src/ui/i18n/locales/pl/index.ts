import type { LocaleResources } from '../../types';
import shell from './shell';

const pl: LocaleResources = { ...shell };

export default pl;
