import type { LocaleResources } from '../../types';
import shell from './shell';
import errors from './errors';

const tr: LocaleResources = { ...shell, ...errors };

export default tr;
