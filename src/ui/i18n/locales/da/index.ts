import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const da: LocaleResources = { ...shell, ...errors };

export default da;
