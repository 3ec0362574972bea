import type { LocaleResources } from '../../types';
import shell from './shell';

const de: LocaleResources = { ...shell };

export default de;
