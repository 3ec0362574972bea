/**
 * The English the signed-out screens need (sign-in, invitation, the console's sign-in, not found):
 * part of the first page's JS. The other areas' strings (areas.ts) load with the shell.
 */
import shell from './shell';
import errors from './errors';
import platform from './platform';

const core = { ...shell, ...errors, ...platform };

export default core;
