import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const pt: LocaleResources = { ...shell, ...errors };

export default pt;
