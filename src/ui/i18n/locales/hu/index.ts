import type { LocaleResources } from '../../types';
import shell from './shell';

const hu: LocaleResources = { ...shell };

export default hu;
