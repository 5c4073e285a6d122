/**
 * How `operant why` authenticates to the manager's metrics server and trusts its
 * certificate: the bearer token from `--token`, else `--token-file`, else the kubeconfig's
 * current user (its `token` or `tokenFile`; a user that authenticates otherwise — a client
 * certificate, an exec plugin — sends no token); the CA from `--certificate-authority`, or
 * no verification with `--insecure-skip-tls-verify` (the manager's self-signed certificate).
 * @module
 */
import { readFile } from 'node:fs/promises';
import * as client from '@operant/core/client';
import { CliError } from '../errors.js';

export interface CredentialOptions {
  /** A bearer token. */
  token?: string;
  /** A file holding the bearer token (a ServiceAccount token, as the kubelet mounts it). */
  tokenFile?: string;
  /** The kubeconfig whose current user's token is sent when neither is given; default chain when absent. */
  kubeconfig?: string;
  /** A PEM file of the CA that signed the metrics server's certificate. */
  certificateAuthority?: string;
  /** Do not verify the metrics server's certificate. */
  insecureSkipTlsVerify?: boolean;
}

export interface Credentials {
  token?: string;
  /** Where the token came from, for error messages. */
  tokenFrom?: string;
  ca?: Buffer;
  rejectUnauthorized: boolean;
}

async function readOrFail(path: string, what: string): Promise<Buffer> {
  return readFile(path).catch((cause: unknown) => {
    throw new CliError('config', `unable to read the ${what} ${path}: ${(cause as Error).message}`, { cause });
  });
}

/** The current user's token of the kubeconfig, if it has one; an explicit kubeconfig that cannot be read is an error. */
async function kubeconfigToken(path: string | undefined): Promise<string | undefined> {
  let user: ReturnType<client.KubeConfig['getCurrentUser']>;
  try {
    user = client.loadKubeConfig(path).getCurrentUser();
  } catch (err) {
    if (path === undefined) return undefined;
    throw new CliError('config', `unable to load ${path}: ${(err as Error).message}`, { cause: err });
  }
  if (user?.token !== undefined && user.token !== '') return user.token;
  if (user?.tokenFile === undefined) return undefined;
  return (await readOrFail(user.tokenFile, "kubeconfig user's token file")).toString('utf8').trim();
}

export async function loadCredentials(options: CredentialOptions): Promise<Credentials> {
  if (options.token !== undefined && options.tokenFile !== undefined) {
    throw new CliError('config', '--token and --token-file cannot be used together');
  }
  const ca =
    options.certificateAuthority === undefined
      ? undefined
      : await readOrFail(options.certificateAuthority, 'certificate authority');
  const tls = { ca, rejectUnauthorized: options.insecureSkipTlsVerify !== true };
  if (options.token !== undefined) return { ...tls, token: options.token, tokenFrom: '--token' };
  if (options.tokenFile !== undefined) {
    const token = (await readOrFail(options.tokenFile, 'token file')).toString('utf8').trim();
    return { ...tls, token, tokenFrom: `--token-file ${options.tokenFile}` };
  }
  const token = await kubeconfigToken(options.kubeconfig);
  return token === undefined ? tls : { ...tls, token, tokenFrom: "the kubeconfig's current user" };
}
