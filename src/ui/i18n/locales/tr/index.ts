import type { LocaleResources } from '../../types';
import shell from './shell';

const tr: LocaleResources = { ...shell };

export default tr;
