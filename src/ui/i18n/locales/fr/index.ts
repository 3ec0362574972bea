import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const fr: LocaleResources = { ...shell, ...errors };

export default fr;
