import type { LocaleResources } from '../../types';
import shell from './shell';

const ja: LocaleResources = { ...shell };

export default ja;
