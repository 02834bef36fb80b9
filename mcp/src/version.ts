/** The server's version, as its package.json states it (the build inlines it). */
import manifest from '../package.json';

export const version: string = manifest.version;
