/**
 * The `format` values the API server validates (apiextensions-apiserver, Kubernetes 1.34+).
 * Others are ignored by the server and warned about at CRD write time.
 * @module
 */
const stringFormats = [
  'bsonobjectid',
  'uri',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'cidr',
  'mac',
  'uuid',
  'uuid3',
  'uuid4',
  'uuid5',
  'isbn',
  'isbn10',
  'isbn13',
  'creditcard',
  'ssn',
  'hexcolor',
  'rgbcolor',
  'byte',
  'password',
  'date',
  'duration',
  'datetime',
  'date-time',
  'k8s-short-name',
  'k8s-long-name',
];

const byType: Readonly<Record<string, readonly string[]>> = {
  string: stringFormats,
  integer: ['int32', 'int64'],
  number: ['float', 'double', 'int32', 'int64'],
};

/** Why the API server would ignore `format` on a node of `type`, or undefined. */
export function formatProblem(format: string, type: string | undefined): string | undefined {
  const known = byType[type ?? 'string'] ?? [];
  if (known.includes(format) || (type === undefined && known.includes(format.replace(/-/g, '')))) return undefined;
  return `format "${format}" is not one the API server checks for ${type ?? 'string'} values (it is ignored)`;
}
