import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const sv: LocaleResources = { ...shell, ...errors };

export default sv;
