/**
 * `CertPair`, a serving certificate and its key as PEM: what the webhook server's
 * `CertWatcher` reads from a folder and `selfSignedCertificate()` makes in memory, and what
 * the TLS servers serve with.
 * @module
 */

export interface CertPair {
  cert: Buffer;
  key: Buffer;
}
