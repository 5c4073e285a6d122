/**
 * Tiny certificate authorities for the test control plane, as envtest has: one CA signs the
 * API server's serving certificate, another signs client certificates (CN = user name,
 * O = groups). ECDSA P-256 through WebCrypto and `@peculiar/x509`; certificates last a week.
 * @module
 */
// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata polyfill
import 'reflect-metadata';
import { generateKeyPairSync, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;
type X509Crypto = NonNullable<Parameters<typeof x509.X509CertificateGenerator.create>[1]>;
type X509Key = Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[0]['keys'];

const crypto = webcrypto as unknown as X509Crypto;
const subtle = webcrypto.subtle;
const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const validityMs = 7 * 24 * 3600 * 1000;

/** A PEM certificate and its PKCS#8 PEM private key. */
export interface CertKeyPair {
  certPem: string;
  keyPem: string;
}

export interface LeafOptions {
  commonName: string;
  organizations?: readonly string[];
  dnsNames?: readonly string[];
  ipAddresses?: readonly string[];
  usage: 'server' | 'client';
}

const escapeDn = (value: string): string => value.replace(/([,+"\\<>;=])/g, '\\$1');

function distinguishedName(commonName: string, organizations: readonly string[] = []): string {
  return [`CN=${escapeDn(commonName)}`, ...organizations.map((o) => `O=${escapeDn(o)}`)].join(', ');
}

async function newKeys(): Promise<CryptoKeyPair> {
  return (await subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  const der = await subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

const randomSerial = (): string => `01${Buffer.from(webcrypto.getRandomValues(new Uint8Array(15))).toString('hex')}`;

export class TinyCA {
  private constructor(
    private readonly cert: x509.X509Certificate,
    private readonly keys: CryptoKeyPair,
  ) {}

  static async create(commonName: string): Promise<TinyCA> {
    const keys = await newKeys();
    const now = Date.now();
    const cert = await x509.X509CertificateGenerator.createSelfSigned(
      {
        serialNumber: randomSerial(),
        name: distinguishedName(commonName, ['operant-envtest']),
        notBefore: new Date(now - 60_000),
        notAfter: new Date(now + validityMs),
        keys: keys as unknown as X509Key,
        signingAlgorithm: algorithm,
        extensions: [
          new x509.BasicConstraintsExtension(true, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
          await x509.SubjectKeyIdentifierExtension.create(
            keys.publicKey as unknown as X509Key['publicKey'],
            false,
            crypto,
          ),
        ],
      },
      crypto,
    );
    return new TinyCA(cert, keys);
  }

  get certPem(): string {
    return this.cert.toString('pem');
  }

  async issue(options: LeafOptions): Promise<CertKeyPair> {
    const keys = await newKeys();
    const now = Date.now();
    const names: { type: 'dns' | 'ip'; value: string }[] = [
      ...(options.dnsNames ?? []).map((value) => ({ type: 'dns' as const, value })),
      ...(options.ipAddresses ?? []).map((value) => ({ type: 'ip' as const, value })),
    ];
    const extensions: x509.Extension[] = [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension(
        [options.usage === 'server' ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth],
        false,
      ),
      await x509.AuthorityKeyIdentifierExtension.create(
        this.keys.publicKey as unknown as X509Key['publicKey'],
        false,
        crypto,
      ),
    ];
    if (names.length > 0) extensions.push(new x509.SubjectAlternativeNameExtension(names, false));
    const cert = await x509.X509CertificateGenerator.create(
      {
        serialNumber: randomSerial(),
        subject: distinguishedName(options.commonName, options.organizations),
        issuer: this.cert.subject,
        notBefore: new Date(now - 60_000),
        notAfter: new Date(now + validityMs),
        publicKey: keys.publicKey as unknown as X509Key['publicKey'],
        signingKey: this.keys.privateKey as unknown as X509Key['privateKey'],
        signingAlgorithm: algorithm,
        extensions,
      },
      crypto,
    );
    return { certPem: cert.toString('pem'), keyPem: await privateKeyPem(keys.privateKey) };
  }
}

/** An RSA key (PKCS#1 PEM) for `--service-account-key-file` and `--service-account-signing-key-file`. */
export function serviceAccountSigningKey(): string {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return privateKey;
}
