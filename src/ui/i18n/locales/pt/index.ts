import type { LocaleResources } from '../../types';
import shell from './shell';

const pt: LocaleResources = { ...shell };

export default pt;
