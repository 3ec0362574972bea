import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const es: LocaleResources = { ...shell, ...errors };

export default es;
