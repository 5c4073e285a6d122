/**
 * Free loopback ports: listen on 127.0.0.1:0, read the port, close. Racy by nature, so the
 * environment retries a whole start when a process reports its port taken.
 * @module
 */
import { createServer } from 'node:net';

function onePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

/** `count` distinct free ports on 127.0.0.1. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await onePort());
  return [...ports];
}
