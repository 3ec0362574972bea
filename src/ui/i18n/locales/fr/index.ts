import type { LocaleResources } from '../../types';
import shell from './shell';

const fr: LocaleResources = { ...shell };

export default fr;
