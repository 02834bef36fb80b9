/** The processes a test starts: waiting for a server to listen, and ending the process group it runs in. */
import type {ChildProcess} from 'node:child_process';
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

/** Ends a process a test started detached, and its children: its own process group. */
export function stopProcessGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
