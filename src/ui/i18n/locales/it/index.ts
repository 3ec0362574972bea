import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const it: LocaleResources = { ...shell, ...errors };

export default it;
