import type { LocaleResources } from '../../types';
import shell from './shell';

const zh: LocaleResources = { ...shell };

export default zh;
