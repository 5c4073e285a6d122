/**
 * Discovery-based lookup for kinds known only at run time: `apiVersion` + `kind` →
 * `ResourceInfo`, from the API server's resource list of that group-version
 * (`/api/v1`, `/apis/{group}/{version}`). Answers are cached per group-version until
 * `reset()` (call it when CRDs change). The wire is injected, so this folder stays free of HTTP.
 * @module
 */
import { ClientError } from '../api/status-error.js';
import { parseApiVersion, type ResourceInfo } from './resource-type.js';

/** GETs a path and parses the JSON, throwing a ClientError on failure. */
export type GetJson = (path: string, action: string, signal?: AbortSignal) => Promise<unknown>;

interface APIResourceList {
  resources?: { name: string; kind: string; namespaced: boolean }[];
}

export class Discovery {
  private readonly groupVersions = new Map<string, Promise<ResourceInfo[]>>();

  constructor(private readonly getJson: GetJson) {}

  /** The resource serving `kind` in `apiVersion`; throws `unknownKind` when the server has none. */
  async resolve(apiVersion: string, kind: string, signal?: AbortSignal): Promise<ResourceInfo> {
    const found = (await this.resources(apiVersion, signal)).find((r) => r.kind === kind);
    if (found === undefined) {
      throw new ClientError(
        'unknownKind',
        `unable to find kind ${kind} in ${apiVersion}: the API server does not serve it`,
      );
    }
    return found;
  }

  /** Forgets cached answers (all, or one group-version). */
  reset(apiVersion?: string): void {
    if (apiVersion === undefined) this.groupVersions.clear();
    else this.groupVersions.delete(apiVersion);
  }

  private resources(apiVersion: string, signal?: AbortSignal): Promise<ResourceInfo[]> {
    let pending = this.groupVersions.get(apiVersion);
    if (pending === undefined) {
      pending = this.fetch(apiVersion, signal);
      this.groupVersions.set(apiVersion, pending);
      pending.catch(() => this.groupVersions.delete(apiVersion));
    }
    return pending;
  }

  private async fetch(apiVersion: string, signal?: AbortSignal): Promise<ResourceInfo[]> {
    const { group, version } = parseApiVersion(apiVersion);
    const path = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
    let list: APIResourceList;
    try {
      list = (await this.getJson(path, `unable to discover the resources of ${apiVersion}`, signal)) as APIResourceList;
    } catch (err) {
      if (ClientError.is(err, 'notFound')) {
        throw new ClientError('unknownKind', `unable to discover ${apiVersion}: the API server does not serve it`, {
          cause: err,
        });
      }
      throw err;
    }
    return (list.resources ?? [])
      .filter((r) => !r.name.includes('/'))
      .map((r) => Object.freeze({ group, version, kind: r.kind, plural: r.name, namespaced: r.namespaced }));
  }
}
