import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const ru: LocaleResources = { ...shell, ...errors };

export default ru;
