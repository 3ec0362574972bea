import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const hu: LocaleResources = { ...shell, ...errors };

export default hu;
