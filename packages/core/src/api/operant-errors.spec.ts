import { describe, expect, it } from '@jest/globals';
import { isOperantError, OperantError } from '@operant/crd/metadata';
import { BuilderError } from '../builder/errors.js';
import { ControllerError } from '../controller/controller.js';
import { OwnerReferenceError } from '../controllerutil/owner.js';
import { DecoratorError } from '../decorators/errors.js';
import { ScanError } from '../di/errors.js';
import { ManagerError } from '../manager/errors.js';
import { ServerError } from '../server/errors.js';
import { WebhookError } from '../webhook/errors.js';
import { ClientError } from './status-error.js';
import { isTerminalError, TerminalError } from './terminal-error.js';

/** A second instance of a module (its own classes), as a duplicate install of the package loads. */
const secondCopy = (specifier: string): Promise<unknown> => import(`${specifier}?copy=2`);

describe("core's error classes", () => {
  const message = 'unable to get ConfigMap default/x: not found';
  const cases: [string, string, Error][] = [
    ['ClientError', 'NotFound', new ClientError('notFound', message, { code: 404 })],
    ['ClientError', 'Unavailable', new ClientError('transport', message)],
    ['WebhookError', 'Config', new WebhookError('config', message)],
    ['WebhookError', 'Denied', new WebhookError('denied', message, { code: 403 })],
    ['TerminalError', 'Terminal', new TerminalError(new Error(message))],
    ['BuilderError', 'Invalid', new BuilderError([{ kind: 'noWatches', message }])],
    ['ScanError', 'Invalid', new ScanError([{ kind: 'unknownKind', message }])],
    ['DecoratorError', 'Invalid', new DecoratorError(message)],
    ['OwnerReferenceError', 'Invalid', new OwnerReferenceError(message)],
    ['ManagerError', 'Failed', new ManagerError(message)],
    ['ControllerError', 'Failed', new ControllerError(message)],
    ['ServerError', 'Config', new ServerError('certificate', message)],
  ];

  it.each(cases)('should make %s an OperantError (reason %s) keeping its name and message', (name, reason, err) => {
    expect(err).toBeInstanceOf(OperantError);
    expect(err.name).toBe(name);
    expect(err.message).toBe(message);
    expect(isOperantError(err)).toBe(true);
    expect((err as OperantError).reason).toBe(reason);
  });

  it('should keep the HTTP code and the kind beside the reason', () => {
    const err = new ClientError('conflict', message, { code: 409 });
    expect([err.kind, err.code, err.reason]).toEqual(['conflict', 409, 'Conflict']);
    const denial = new WebhookError('invalid', message, { code: 422 });
    expect([denial.kind, denial.code, denial.reason]).toEqual(['invalid', 422, 'Invalid']);
  });

  it('should recognise errors of a second copy of core by brand, where instanceof fails', async () => {
    const scan = (await secondCopy('../di/errors.js')) as typeof import('../di/errors.js');
    const foreignScan = new scan.ScanError([{ kind: 'duplicateName', message }]);
    expect(foreignScan instanceof ScanError).toBe(false);
    expect(ScanError.is(foreignScan)).toBe(true);
    expect(ScanError.is(new BuilderError([{ kind: 'noWatches', message }]))).toBe(false);
    expect(isOperantError(foreignScan, 'Invalid')).toBe(true);

    const client = (await secondCopy('./status-error.js')) as typeof import('./status-error.js');
    const foreignClient = new client.ClientError('notFound', message, { code: 404 });
    expect(foreignClient instanceof ClientError).toBe(false);
    expect(ClientError.is(foreignClient, 'notFound')).toBe(true);
    expect(ClientError.is(foreignClient, 'conflict')).toBe(false);

    const server = (await secondCopy('../server/errors.js')) as typeof import('../server/errors.js');
    const foreignServer = new server.ServerError('certificate', message);
    expect(foreignServer instanceof ServerError).toBe(false);
    expect(ServerError.is(foreignServer, 'certificate')).toBe(true);
    expect(ServerError.is(new WebhookError('config', message))).toBe(false);

    const terminal = (await secondCopy('./terminal-error.js')) as typeof import('./terminal-error.js');
    expect(isTerminalError(new Error('wrapped', { cause: new terminal.TerminalError('bad spec') }))).toBe(true);
  });
});
