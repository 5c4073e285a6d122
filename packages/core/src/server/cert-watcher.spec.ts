import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { noopLogger } from '../api/logger.js';
import { CertWatcher } from './cert-watcher.js';
import { ServerError } from './errors.js';
import { selfSignedCertificate } from './self-signed.js';

describe('CertWatcher.read', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'operant-cert-watcher-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const watcher = (certDir: string) => new CertWatcher({ certDir, logger: noopLogger, onChange: () => undefined });

  it('reads the pair of the folder', async () => {
    const pair = selfSignedCertificate();
    await writeFile(join(dir, 'tls.crt'), pair.cert);
    await writeFile(join(dir, 'tls.key'), pair.key);
    const read = await watcher(dir).read();
    expect(read.cert.toString()).toBe(pair.cert.toString());
  });

  it('throws a ServerError naming both files when the folder holds no pair', async () => {
    const err = await watcher('/nonexistent')
      .read()
      .catch((e: unknown) => e);
    expect(ServerError.is(err, 'certificate')).toBe(true);
    expect((err as Error).message).toMatch(
      /^unable to load the serving certificate \/nonexistent\/tls\.crt and key \/nonexistent\/tls\.key: /,
    );
  });
});
