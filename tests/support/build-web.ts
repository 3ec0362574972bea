import { build } from 'vite';

/** End-to-end tests drive the web app as shipped: build it once before the run. */
export default async function buildWeb() {
  await build({ logLevel: 'warn', configFile: 'vite.config.ts' });
}
