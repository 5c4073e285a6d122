/**
 * The RedisCluster kind (cache.example.com/v1): the primer's `api/v1/rediscluster_types.go`
 * in TypeScript. class-validator constraints become the CRD's OpenAPI schema through
 * `operant crd-gen`, so the API server itself rejects a size outside 1..10 or a missing image.
 * @module
 */
import 'reflect-metadata';
import {
  ArrayOf,
  CustomObject,
  CustomResource,
  Default,
  Format,
  ListMapKey,
  ListType,
  PrintColumn,
  StatusSubresource,
  StorageVersion,
} from '@operant/crd';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';

/** The desired state of a RedisCluster. */
export class RedisClusterSpec {
  /** Number of Redis nodes. */
  @IsInt() @Min(1) @Max(10) size!: number;
  /** Container image of the Redis nodes, e.g. redis:7.4. */
  @IsString() @MinLength(1) image!: string;
  /** Port the nodes and the Service listen on. */
  @IsOptional() @IsInt() @Min(1) @Max(65535) @Default(6379) port?: number;
  /** Name of a Secret in the same namespace whose key "password" holds the Redis password. */
  @IsOptional() @IsString() @Matches(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/) @MaxLength(253) passwordSecret?: string;
}

/** A metav1.Condition. */
export class RedisClusterCondition {
  /** Type of the condition, e.g. Ready. */
  @IsString() type!: string;
  /** True, False or Unknown. */
  @IsIn(['True', 'False', 'Unknown']) status!: 'True' | 'False' | 'Unknown';
  /** The generation of the RedisCluster the condition was set for. */
  @IsOptional() @IsInt() @Min(0) @Format('int64') observedGeneration?: number;
  /** When the status last changed. */
  @IsOptional() @IsString() lastTransitionTime?: string;
  /** Machine-readable reason in UpperCamelCase. */
  @IsString() reason!: string;
  /** Human-readable details. */
  @IsString() message!: string;
}

/** The observed state of a RedisCluster. */
export class RedisClusterStatus {
  /** Pending until every node is ready, then Running. */
  @IsOptional() @IsIn(['Pending', 'Running']) phase?: string;
  /** Names of the Redis node pods. */
  @IsOptional() @IsString({ each: true }) nodes?: string[];
  /** Nodes ready, as reported by the Deployment. */
  @IsOptional() @IsInt() @Min(0) readyNodes?: number;
  /** The generation last reconciled. */
  @IsOptional() @IsInt() @Min(0) @Format('int64') observedGeneration?: number;
  /** Ready: every node is ready. */
  @IsOptional()
  @ValidateNested()
  @ArrayOf(() => RedisClusterCondition)
  @ListType('map')
  @ListMapKey('type')
  conditions?: RedisClusterCondition[];
}

/** A Redis cluster: a Deployment of Redis nodes behind a Service. */
@CustomResource({ group: 'cache.example.com', version: 'v1', kind: 'RedisCluster', scope: 'Namespaced' })
@StorageVersion()
@StatusSubresource()
@PrintColumn({ name: 'Size', type: 'integer', jsonPath: '.spec.size' })
@PrintColumn({ name: 'Ready', type: 'integer', jsonPath: '.status.readyNodes' })
@PrintColumn({ name: 'Phase', type: 'string', jsonPath: '.status.phase' })
export class RedisCluster extends CustomObject<RedisClusterSpec, RedisClusterStatus> {
  @ValidateNested() @Type(() => RedisClusterSpec) override spec!: RedisClusterSpec;
  @IsOptional() @ValidateNested() @Type(() => RedisClusterStatus) override status?: RedisClusterStatus;
}
