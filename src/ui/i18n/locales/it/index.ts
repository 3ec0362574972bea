import type { LocaleResources } from '../../types';
import shell from './shell';

const it: LocaleResources = { ...shell };

export default it;
