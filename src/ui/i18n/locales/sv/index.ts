import type { LocaleResources } from '../../types';
import shell from './shell';

const sv: LocaleResources = { ...shell };

export default sv;
