import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const el: LocaleResources = { ...shell, ...errors };

export default el;
