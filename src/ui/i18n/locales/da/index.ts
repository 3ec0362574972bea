import type { LocaleResources } from '../../types';
import shell from './shell';

const da: LocaleResources = { ...shell };

export default da;
