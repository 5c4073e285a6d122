/**
 * `Condition`: metav1.Condition as a schema class, with the validations of its Go markers
 * (the schema controller-gen emits for `[]metav1.Condition`). Use it as Go operators do:
 *
 * ```ts
 * @IsOptional() @ValidateNested() @ArrayOf(() => Condition) @ListType('map') @ListMapKey('type')
 * conditions?: Condition[];
 * ```
 *
 * core's `controllerutil.setStatusCondition` writes objects of this shape (times in whole
 * seconds, as `metav1.Time` marshals them).
 * @module
 */
import { IsIn, IsInt, IsOptional, IsRFC3339, IsString, Matches, MaxLength, Min, MinLength } from 'class-validator';
import { Description, Format } from '../decorators/keyword.decorator.js';

/** `+kubebuilder:validation:Pattern` of metav1.Condition's `type`: `(dns1123SubdomainFmt/)?(qualifiedNameFmt)`. */
export const CONDITION_TYPE_PATTERN =
  '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$';
/** `+kubebuilder:validation:Pattern` of metav1.Condition's `reason`: CamelCase, `,` and `:` allowed inside. */
export const CONDITION_REASON_PATTERN = '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$';

export type ConditionStatus = 'True' | 'False' | 'Unknown';

@Description('Condition contains details for one aspect of the current state of this API Resource.')
export class Condition {
  @Description('type of condition in CamelCase or in foo.example.com/CamelCase.')
  @IsString()
  @MaxLength(316)
  @Matches(CONDITION_TYPE_PATTERN)
  type!: string;

  @Description('status of the condition, one of True, False, Unknown.')
  @IsIn(['True', 'False', 'Unknown'])
  status!: ConditionStatus;

  @Description('observedGeneration represents the .metadata.generation that the condition was set based upon.')
  @IsOptional()
  @IsInt()
  @Min(0)
  @Format('int64')
  observedGeneration?: number;

  @Description('lastTransitionTime is the last time the condition transitioned from one status to another.')
  @IsRFC3339()
  lastTransitionTime!: string;

  @Description("reason contains a programmatic identifier indicating the reason for the condition's last transition.")
  @IsString()
  @MinLength(1)
  @MaxLength(1024)
  @Matches(CONDITION_REASON_PATTERN)
  reason!: string;

  @Description('message is a human readable message indicating details about the transition. It may be empty.')
  @IsString()
  @MaxLength(32768)
  message!: string;
}
