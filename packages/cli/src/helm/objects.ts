/**
 * The kustomize output as `operant helm` reads it: the objects of a YAML stream, the
 * manager's Deployment among them, and what the chart takes from it (the name prefix and
 * namespace config/default gave every object, the manager container and its flags).
 * @module
 */
import { parseAllDocuments } from 'yaml';
import { CliError } from '../errors.js';

/** One object of the kustomize output (plain JSON from YAML). */
export interface ManifestObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** A Deployment's fields the chart reads and templates; the rest passes through. */
export interface ManagerDeployment extends ManifestObject {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata?: Record<string, unknown>;
      spec: {
        containers: ManagerContainer[];
        securityContext?: Record<string, unknown>;
        terminationGracePeriodSeconds?: number;
        [field: string]: unknown;
      };
    };
  };
}

export interface ManagerContainer {
  name: string;
  image: string;
  imagePullPolicy?: string;
  args?: string[];
  env?: unknown[];
  resources?: Record<string, unknown>;
  securityContext?: Record<string, unknown>;
  [field: string]: unknown;
}

/** Parses a YAML stream of objects; `source` names it in errors. */
export function parseManifests(text: string, source: string): ManifestObject[] {
  return parseAllDocuments(text).flatMap((doc, index) => {
    if (doc.errors.length > 0) {
      throw new CliError('load', `unable to parse ${source} (document ${index + 1}): ${doc.errors[0]?.message}`);
    }
    const object = doc.toJS() as ManifestObject | null;
    if (object === null) return [];
    if (typeof object.kind !== 'string' || typeof object.metadata?.name !== 'string') {
      throw new CliError('load', `unable to read ${source} (document ${index + 1}): not a Kubernetes object`);
    }
    return [object];
  });
}

/** The manager: the Deployment labelled `control-plane: controller-manager`, or the only one. */
export function findManager(objects: readonly ManifestObject[], source: string): ManagerDeployment {
  const deployments = objects.filter((o) => o.kind === 'Deployment');
  const manager =
    deployments.find((d) => d.metadata.labels?.['control-plane'] === 'controller-manager') ??
    (deployments.length === 1 ? deployments[0] : undefined);
  if (manager === undefined) {
    throw new CliError(
      'load',
      `unable to find the manager Deployment in ${source} (labelled control-plane: controller-manager)`,
    );
  }
  return manager as ManagerDeployment;
}

/** The manager's container: the one named `manager`, or the first. */
export function managerContainer(deployment: ManagerDeployment): ManagerContainer {
  const containers = deployment.spec.template.spec.containers;
  const container = containers.find((c) => c.name === 'manager') ?? containers[0];
  if (container === undefined) {
    throw new CliError(
      'load',
      `unable to find the manager container in Deployment ${deployment.metadata.namespace}/${deployment.metadata.name}`,
    );
  }
  return container;
}

/** config/default's `namePrefix`: what precedes `controller-manager` in the Deployment's name. */
export function namePrefix(deployment: ManagerDeployment): string {
  const { name } = deployment.metadata;
  return name.endsWith('controller-manager') ? name.slice(0, -'controller-manager'.length) : '';
}

/** The value of `--flag=value` in `args`, or undefined. */
export function flagValue(args: readonly string[], flag: string): string | undefined {
  const arg = args.find((a) => a.startsWith(`${flag}=`));
  return arg?.slice(flag.length + 1);
}
