/** The in-memory self-signed certificate, read back with Node's X509 parser and OpenSSL's TLS context. */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import { describe, expect, it } from '@jest/globals';
import { selfSignedCertificate } from './self-signed.js';

describe('selfSignedCertificate', () => {
  const now = new Date('2026-12-04T06:00:00Z');
  const pair = selfSignedCertificate(now);
  const cert = new X509Certificate(pair.cert);

  it('is a server certificate for localhost and 127.0.0.1, signed by its own key', () => {
    expect(cert.subject).toBe('CN=localhost');
    expect(cert.issuer).toBe('CN=localhost');
    expect(cert.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1');
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(cert.ca).toBe(false);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(pair.key))).toBe(true);
    expect(() => createSecureContext(pair)).not.toThrow();
  });

  it('is valid from an hour before now for a year', () => {
    expect(new Date(cert.validFrom).toISOString()).toBe('2026-12-04T05:00:00.000Z');
    expect(new Date(cert.validTo).toISOString()).toBe('2027-12-04T06:00:00.000Z');
  });

  it('is new each time (key and serial)', () => {
    const other = new X509Certificate(selfSignedCertificate(now).cert);
    expect(other.serialNumber).not.toBe(cert.serialNumber);
    expect(other.fingerprint256).not.toBe(cert.fingerprint256);
  });

  it('always has a serial X.509 parsers accept (a positive INTEGER in minimal DER)', () => {
    // a first byte of 0x00 before one below 0x80 (1 serial in 256) was refused as "illegal padding";
    // the first byte is now 0x40-0x7f, so every serial has 32 hex digits and begins with 4-7
    for (let i = 0; i < 1000; i++) {
      const serial = new X509Certificate(selfSignedCertificate(now).cert).serialNumber;
      expect(serial).toMatch(/^[4-7][0-9A-F]{31}$/);
    }
  });
});
