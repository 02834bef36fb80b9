/** Waiting for a server a test started. */
import {connect} from 'node:net';

/**
 * Resolves true once something accepts connections on 127.0.0.1:`port`, false after `timeoutMs`
 * or as soon as `until` settles (the server's process exited).
 */
export async function waitForPort(
  port: number,
  timeoutMs: number,
  until?: Promise<unknown>,
): Promise<boolean> {
  let exited = false;
  void until?.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !exited) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
