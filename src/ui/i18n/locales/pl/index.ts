import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const pl: LocaleResources = { ...shell, ...errors };

export default pl;
