/**
 * A started control plane: its temp folder, its processes in start order, the API server's
 * URL, the CA of its serving certificate, the CA that signs users' client certificates and
 * the admin's certificate. `spawnProcess` starts one more process of it (output in
 * `<dir>/<name>.log`); `waitForApiServer` polls an API server path as the admin until it
 * answers 200.
 * @module
 */
import { join } from 'node:path';
import type { CertKeyPair, TinyCA } from './certs.js';
import { probeGet } from './probe.js';
import { ControlPlaneProcess } from './process.js';

export interface StartedControlPlane {
  dir: string;
  processes: ControlPlaneProcess[];
  server: string;
  servingCaPem: string;
  clientCa: TinyCA;
  /** The admin client certificate, kept for probes after `restartApiServer()`. */
  admin?: CertKeyPair;
}

/** Starts `command` as the process `name` of the control plane and appends it to its processes. */
export function spawnProcess(
  started: StartedControlPlane,
  name: string,
  command: string,
  args: string[],
  attachOutput: boolean,
): ControlPlaneProcess {
  const p = new ControlPlaneProcess({ name, command, args, logFile: join(started.dir, `${name}.log`), attachOutput });
  started.processes.push(p);
  p.start();
  return p;
}

/** Waits (through `apiServer.waitUntilReady`) until `GET <server><path>` as `admin` answers 200. */
export function waitForApiServer(
  started: StartedControlPlane,
  apiServer: ControlPlaneProcess,
  admin: CertKeyPair,
  path: string,
  timeout: number,
  intervalMs?: number,
): Promise<void> {
  const tls = { ca: started.servingCaPem, cert: admin.certPem, key: admin.keyPem };
  return apiServer.waitUntilReady(
    async () => (await probeGet(`${started.server}${path}`, tls)).status === 200,
    timeout,
    intervalMs,
  );
}
