import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

// The real server.ts in a process of its own, as `npm start` runs it, for tests of a whole start.
const root = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** resolves once it prints "Caterway is running at"; rejects (with its output) if it exits first */
  ready: Promise<void>;
  exited: Promise<number | null>;
  /** stdout and stderr so far, interleaved */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
}

export function startServerProcess(env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    output += d;
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Caterway is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited before it was ready:\n${output}`));
    });
  });
  ready.catch(() => undefined); // a test that only waits for the exit need not handle it
  return { child, ready, exited, output: () => output, stdout: () => stdout, stderr: () => stderr };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
