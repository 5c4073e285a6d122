/**
 * A self-signed serving certificate made in memory, for a secure metrics server given no
 * certificate folder (controller-runtime calls `certutil.GenerateSelfSignedCertKey` for
 * `localhost` and 127.0.0.1 there; kube-controller-manager serves its own metrics the same
 * way). It encrypts the traffic; it proves no identity, so scrapers skip verification (as
 * kubebuilder's ServiceMonitor does with `insecureSkipVerify`) or mount a real pair.
 * Node has no X.509 builder: this writes the DER of one ECDSA P-256 certificate by hand
 * (version 3, random serial, CN and SANs `localhost`, `127.0.0.1`, serverAuth, valid one
 * year from an hour ago) and signs it with `node:crypto`. Loaded only when a secure server
 * starts without a folder.
 * @module
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { CertPair } from './cert-pair.js';

const DAY_MS = 86_400_000;

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One DER element: tag, length, contents. */
function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const sequence = (...items: Buffer[]) => der(0x30, ...items);

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) base128.unshift(0x80 | (v & 0x7f));
    bytes.push(...base128);
  }
  return der(0x06, Buffer.from(bytes));
}

/** UTCTime (`YYMMDDHHMMSSZ`), valid through 2049. */
function utcTime(date: Date): Buffer {
  return der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`, 'ascii'));
}

const commonName = (name: string) =>
  sequence(der(0x31, sequence(oid('2.5.4.3'), der(0x0c, Buffer.from(name, 'utf8')))));

const extension = (id: string, critical: boolean, value: Buffer) =>
  sequence(oid(id), ...(critical ? [der(0x01, Buffer.from([0xff]))] : []), der(0x04, value));

/** A fresh self-signed ECDSA P-256 pair for `localhost` and 127.0.0.1, as PEM. */
export function selfSignedCertificate(now = new Date()): CertPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
  const serial = randomBytes(16);
  // a positive INTEGER in minimal DER: the first byte 0x40-0x7f (neither sign bit nor a leading
  // zero, which X.509 parsers refuse as "illegal padding" when the next byte is below 0x80)
  serial[0] = ((serial[0] ?? 0) & 0x3f) | 0x40;
  const name = commonName('localhost');
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))), // v3
    der(0x02, serial),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(now.getTime() - DAY_MS / 24)), utcTime(new Date(now.getTime() + 365 * DAY_MS))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(
      0xa3,
      sequence(
        extension('2.5.29.15', true, der(0x03, Buffer.from([0x07, 0x80]))), // keyUsage: digitalSignature
        extension('2.5.29.37', false, sequence(oid('1.3.6.1.5.5.7.3.1'))), // extKeyUsage: serverAuth
        extension('2.5.29.19', true, sequence()), // basicConstraints: not a CA
        extension(
          '2.5.29.17', // subjectAltName: DNS localhost, IP 127.0.0.1
          false,
          sequence(der(0x82, Buffer.from('localhost', 'ascii')), der(0x87, Buffer.from([127, 0, 0, 1]))),
        ),
      ),
    ),
  );
  const signature = sign('sha256', tbs, privateKey); // DER-encoded ECDSA signature
  const certificate = sequence(tbs, ecdsaWithSha256, der(0x03, Buffer.from([0]), signature));
  const base64 = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  const pem = `-----BEGIN CERTIFICATE-----\n${base64.join('\n')}\n-----END CERTIFICATE-----\n`;
  return {
    cert: Buffer.from(pem),
    key: Buffer.from(privateKey.export({ type: 'pkcs8', format: 'pem' })),
  };
}
