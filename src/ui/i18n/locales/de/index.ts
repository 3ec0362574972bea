import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const de: LocaleResources = { ...shell, ...errors };

export default de;
