import type { LocaleResources } from '../../types';
import shell from './shell';

const ru: LocaleResources = { ...shell };

export default ru;
