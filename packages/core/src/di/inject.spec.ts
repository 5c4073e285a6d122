import { describe, expect, it } from '@jest/globals';
import { unreachableKubeConfig } from '../../test/fixtures/unreachable-kubeconfig.js';
import { Inject, Injectable } from '../index.js';
import { createOperator } from './create-operator.js';
import { CLIENT } from './tokens.js';

const NAME = Symbol('name');

@Injectable()
class Named {
  constructor(@Inject(NAME) readonly name: string) {}
}

@Injectable()
class Uses {
  @Inject(CLIENT) readonly client!: unknown;
  constructor(readonly named: Named) {}
}

describe('Inject and Injectable from @operant/core', () => {
  it('inject constructor parameters and properties through the container', async () => {
    const op = await createOperator({
      manager: { kubeConfig: unreachableKubeConfig() },
      providers: [Named, Uses, { provide: NAME, useValue: 'widget' }],
    });
    expect(op.get<Uses>(Uses).named.name).toBe('widget');
    expect(op.get<Uses>(Uses).client).toBe(op.manager.client);
  });
});
