import { describe, expect, it } from '@jest/globals';
import { MINIMUM_NODE_VERSION, nodeVersionProblem } from './node-version.js';

describe('nodeVersionProblem', () => {
  it.each(['22.19.0', '22.20.1', '23.0.0', '24.11.0', 'v24.1.0', '30.0.0'])('accepts %s', (version) => {
    expect(nodeVersionProblem(version)).toBeUndefined();
  });

  it.each(['22.18.9', '22.9.0', '20.20.2', 'v18.0.0', '21.99.99'])('refuses %s in one line', (version) => {
    const problem = nodeVersionProblem(version);
    expect(problem).toContain(
      `needs Node.js ${MINIMUM_NODE_VERSION} or newer, and this is ${version.replace('v', '')}`,
    );
    expect(problem).toContain('install Node.js 24');
    expect(problem).not.toContain('\n');
  });

  it('accepts the Node running the tests', () => {
    expect(nodeVersionProblem()).toBeUndefined();
  });
});
