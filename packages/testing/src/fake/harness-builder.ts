/**
 * `HarnessBuilder`: the reconcile harness's `controllerManagedBy()`. It records the same
 * inputs as core's builder (it extends core's `ControllerInputs`, which `wireControllerInto`
 * also drives for decorated controllers) and turns them into the same sources, with kinds
 * read from the `Cluster` it is given (the harness: its cache is the fake client's
 * informers); `complete()` hands the controller to the harness.
 * @module
 */
import { builder, type Cluster, type Reconciler, type Source } from '@operant/core';
import { EnvtestError } from '../envtest/errors.js';

export interface HarnessControllerSpec {
  name: string;
  reconciler: Reconciler;
  sources: Source[];
}

export class HarnessBuilder extends builder.ControllerInputs {
  constructor(
    private readonly cluster: Cluster,
    private readonly register: (spec: HarnessControllerSpec) => void,
  ) {
    super();
  }

  /** Adds the controller to the harness. `withOptions` is recorded but not used: the harness runs one reconcile at a time. */
  complete(reconciler: Reconciler): HarnessControllerSpec {
    const forInfo = this.forInput && this.cluster.registry.resolve(this.forInput.type);
    const name = this.name ?? forInfo?.kind.toLowerCase();
    if (name === undefined) {
      throw new EnvtestError('invalidConfig', 'unable to add a controller to the harness: use for() or named()');
    }
    if (this.ownsInputs.length > 0 && forInfo === undefined) {
      throw new EnvtestError('invalidConfig', `unable to add controller ${name} to the harness: owns() needs for()`);
    }
    const spec = { name, reconciler, sources: this.sources(this.cluster.cache, forInfo) };
    this.register(spec);
    return spec;
  }
}
