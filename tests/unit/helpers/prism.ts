/**
 * Stoplight Prism, the mock of the contract the samples and the Postman collection run against:
 * `prism mock <contract>` on 127.0.0.1 and a free port, in its own process group, stopped by the
 * test that started it (and killed if the test process exits first).
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {freePort} from '../../browser/nginx';
import {stopProcessGroup} from './processes';

export type Prism = {
  port: number;
  process: ChildProcess;
  /** The last 50 kB of what Prism printed. */
  log: () => string;
  /** Stops it: SIGTERM, then SIGKILL after 5 s. */
  stop: () => Promise<void>;
};

export async function startPrism(contractFile: string, cwd: string): Promise<Prism> {
  const port = await freePort();
  const bin = require.resolve('@stoplight/prism-cli/dist/index.js');
  const child = spawn(process.execPath, [bin, 'mock', contractFile, '-h', '127.0.0.1', '-p', String(port)], {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const onExit = () => stopProcessGroup(child, 'SIGKILL');
  process.once('exit', onExit);
  child.once('exit', () => process.removeListener('exit', onExit));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start in 60 s:\n${log}`)), 60_000);
    const read = (chunk: Buffer) => {
      log = (log + chunk.toString('utf8')).slice(-50_000);
      if (log.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code}:\n${log}`));
    });
  });
  return {
    port,
    process: child,
    log: () => log,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      stopProcessGroup(child);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      stopProcessGroup(child, 'SIGKILL');
    },
  };
}
