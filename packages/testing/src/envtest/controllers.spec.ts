/**
 * docs/testing.md lists the kube-controller-manager controllers envtest runs as the code
 * defines them: its table between the `envtest-controllers` markers is the one
 * `scripts/envtest-controllers.mjs` writes from `CONTROLLER_EFFECTS` and `DEFAULT_CONTROLLERS`.
 * @module
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { BEGIN, controllersTable, END, testingDoc, withTable } from '../../../../scripts/envtest-controllers.mjs';
import { CONTROLLER_EFFECTS, DEFAULT_CONTROLLERS } from './controllers.js';

const doc = readFileSync(testingDoc, 'utf8');
const written = (page: string, defaults: readonly string[] = DEFAULT_CONTROLLERS) =>
  withTable(page, controllersTable(CONTROLLER_EFFECTS, defaults));
/** A page of its own, so that the checks of the check do not depend on docs/testing.md. */
const page = written(`# Testing\n\n${BEGIN}\n${END}\n`);

describe('the envtest controllers table of docs/testing.md', () => {
  it('should be the table the code writes (node scripts/envtest-controllers.mjs --write)', () => {
    expect(doc).toBe(written(doc));
  });

  it('should mark the default controllers, and only them, as run by default', () => {
    const rows = controllersTable(CONTROLLER_EFFECTS, DEFAULT_CONTROLLERS).slice(2);
    const byDefault = rows.filter((row) => row.split('|')[2]?.trim() === 'yes');
    expect(byDefault.map((row) => row.split('`')[1])).toEqual([...DEFAULT_CONTROLLERS]);
    expect(rows).toHaveLength(Object.keys(CONTROLLER_EFFECTS).length);
  });

  it('should tell a table edited by hand, and write it back', () => {
    const edited = page.replace(/(\| `job-controller`\s+\| )no /, '$1yes');
    expect(edited).not.toBe(page);
    expect(written(edited)).not.toBe(edited);
    expect(written(edited)).toBe(page);
  });

  it('should tell a page written before the default changed', () => {
    expect(written(page, [...DEFAULT_CONTROLLERS, 'job-controller'])).not.toBe(page);
    expect(written(page)).toBe(page);
  });

  it('should refuse a default controller without a description, naming it', () => {
    expect(() => controllersTable(CONTROLLER_EFFECTS, [...DEFAULT_CONTROLLERS, 'node-ipam-controller'])).toThrow(
      /unable to describe node-ipam-controller: add it to CONTROLLER_EFFECTS/,
    );
  });

  it('should refuse a page without the markers', () => {
    expect(() => withTable('# Testing\n', [])).toThrow('unable to find the markers');
  });

  it('should leave the Job controllers out of the default: tests write Job status themselves', () => {
    for (const name of ['job-controller', 'cronjob-controller', 'ttl-after-finished-controller']) {
      expect(DEFAULT_CONTROLLERS).not.toContain(name);
    }
    expect(DEFAULT_CONTROLLERS).toEqual(
      expect.arrayContaining(['garbage-collector-controller', 'namespace-controller']),
    );
  });
});
