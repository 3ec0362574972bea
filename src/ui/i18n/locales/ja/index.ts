import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const ja: LocaleResources = { ...shell, ...errors };

export default ja;
