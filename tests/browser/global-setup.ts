/**
 * Serves build/ with nginx and the repo's deploy/nginx configuration on 127.0.0.1 and a
 * free port for the duration of the browser tests; returns the teardown that stops it.
 * Skipped when VULTUS_BASE_URL already names a server.
 */
import {startNginx} from './nginx';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.VULTUS_BASE_URL) {
    return async () => {};
  }
  const server = await startNginx();
  process.env.VULTUS_BASE_URL = server.baseUrl;
  return server.stop;
}
