/**
 * The wire form of `apiextensions.k8s.io/v1` objects that crd-gen writes: the JSON field
 * names the API server reads (`x-kubernetes-list-type`, not client-node's camelCase
 * `xKubernetesListType`), so the objects can be dumped to YAML or sent as they are.
 * @module
 */

export type SchemaType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';

/** One `x-kubernetes-validations` entry (a CEL rule). */
export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

export interface ExternalDocumentation {
  url?: string;
  description?: string;
}

/** `JSONSchemaProps` restricted to what a structural schema may say. */
export interface JSONSchemaProps {
  type?: SchemaType;
  format?: string;
  title?: string;
  description?: string;
  default?: unknown;
  example?: unknown;
  externalDocs?: ExternalDocumentation;
  enum?: unknown[];
  maximum?: number;
  exclusiveMaximum?: boolean;
  minimum?: number;
  exclusiveMinimum?: boolean;
  multipleOf?: number;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
  minItems?: number;
  maxProperties?: number;
  minProperties?: number;
  required?: string[];
  items?: JSONSchemaProps;
  properties?: Record<string, JSONSchemaProps>;
  additionalProperties?: JSONSchemaProps | boolean;
  allOf?: JSONSchemaProps[];
  anyOf?: JSONSchemaProps[];
  oneOf?: JSONSchemaProps[];
  not?: JSONSchemaProps;
  nullable?: boolean;
  /** Never emitted: the API server forbids it. Present so the checker can report it in raw schemas. */
  uniqueItems?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  'x-kubernetes-validations'?: ValidationRule[];
}

export type PrinterColumnType = 'integer' | 'number' | 'string' | 'boolean' | 'date';

export interface PrinterColumn {
  name: string;
  type: PrinterColumnType;
  jsonPath: string;
  description?: string;
  format?: string;
  priority?: number;
}

export interface ScaleSubresource {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

export interface CustomResourceDefinitionVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  schema: { openAPIV3Schema: JSONSchemaProps };
  subresources?: { status?: Record<string, never>; scale?: ScaleSubresource };
  additionalPrinterColumns?: PrinterColumn[];
  selectableFields?: { jsonPath: string }[];
}

export interface CustomResourceDefinitionNames {
  kind: string;
  listKind: string;
  plural: string;
  singular: string;
  shortNames?: string[];
  categories?: string[];
}

/** A `CustomResourceDefinition` as the API server reads it (no status). */
export interface CustomResourceDefinition {
  apiVersion: 'apiextensions.k8s.io/v1';
  kind: 'CustomResourceDefinition';
  metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  spec: {
    group: string;
    names: CustomResourceDefinitionNames;
    scope: 'Namespaced' | 'Cluster';
    versions: CustomResourceDefinitionVersion[];
    /** How the API server converts between versions; `None` when absent. */
    conversion?: CustomResourceConversion;
  };
}

/** `spec.conversion`: `None`, or a webhook (`url` or in-cluster `service`) that answers ConversionReviews. */
export interface CustomResourceConversion {
  strategy: 'None' | 'Webhook';
  webhook?: {
    clientConfig?: {
      url?: string;
      caBundle?: string;
      service?: { name: string; namespace: string; path?: string; port?: number };
    };
    conversionReviewVersions: string[];
  };
}
