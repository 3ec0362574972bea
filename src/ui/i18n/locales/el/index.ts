import type { LocaleResources } from '../../types';
import shell from './shell';

const el: LocaleResources = { ...shell };

export default el;
