/**
 * References to other objects, as core/v1 defines them and controller-gen emits them for Go
 * operators: `LocalObjectReference` (a name in the same namespace, e.g. a Secret),
 * `TypedLocalObjectReference` (a kind and name in the same namespace) and `ObjectReference`
 * (any object, anywhere). All three are atomic (`+structType=atomic`): an apply replaces
 * them whole.
 * @module
 */
import { IsOptional, IsString } from 'class-validator';
import { Default, Description } from '../decorators/keyword.decorator.js';
import { MapType } from '../decorators/topology.decorator.js';

@Description(
  'LocalObjectReference contains enough information to let you locate the referenced object inside the same namespace.',
)
@MapType('atomic')
export class LocalObjectReference {
  @Description('Name of the referent.')
  @IsOptional()
  @IsString()
  @Default('')
  name?: string;
}

@Description(
  'TypedLocalObjectReference contains enough information to let you locate the typed referenced object inside the same namespace.',
)
@MapType('atomic')
export class TypedLocalObjectReference {
  @Description('APIGroup is the group for the resource being referenced; empty for the core API group.')
  @IsOptional()
  @IsString()
  apiGroup?: string;

  @Description('Kind is the type of resource being referenced.')
  @IsString()
  kind!: string;

  @Description('Name is the name of resource being referenced.')
  @IsString()
  name!: string;
}

@Description('ObjectReference contains enough information to let you inspect or modify the referred object.')
@MapType('atomic')
export class ObjectReference {
  @Description('API version of the referent.')
  @IsOptional()
  @IsString()
  apiVersion?: string;

  @Description(
    'If referring to a piece of an object instead of an entire object, the path to that piece, e.g. spec.containers{name}.',
  )
  @IsOptional()
  @IsString()
  fieldPath?: string;

  @Description('Kind of the referent.')
  @IsOptional()
  @IsString()
  kind?: string;

  @Description('Name of the referent.')
  @IsOptional()
  @IsString()
  name?: string;

  @Description('Namespace of the referent.')
  @IsOptional()
  @IsString()
  namespace?: string;

  @Description('Specific resourceVersion to which this reference is made, if any.')
  @IsOptional()
  @IsString()
  resourceVersion?: string;

  @Description('UID of the referent.')
  @IsOptional()
  @IsString()
  uid?: string;
}
