import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const zh: LocaleResources = { ...shell, ...errors };

export default zh;
