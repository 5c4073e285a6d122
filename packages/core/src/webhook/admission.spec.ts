import { describe, expect, it } from '@jest/globals';
import { CustomObject, CustomResource, Immutable } from '@operant/crd';
import { MAX_DEPTH } from '@operant/crd/schema';
import { Type } from 'class-transformer';
import { IsString, ValidateNested } from 'class-validator';
import { GizmoV2 } from '../../test/fixtures/gizmo.js';
import { noopLogger } from '../api/logger.js';
import { type AdmissionReview, decodeAdmissionReview } from './admission.js';
import type { AdmissionHandler, CustomDefaulter, CustomValidator } from './contracts.js';
import { defaultingHandler } from './defaulting.js';
import { denied, invalid } from './errors.js';
import { runAdmission } from './respond.js';
import { validatingHandler } from './validating.js';

const review = (operation: string, object: unknown, oldObject?: unknown) => ({
  apiVersion: 'admission.k8s.io/v1',
  kind: 'AdmissionReview',
  request: {
    uid: 'uid-1',
    kind: { group: 'example.com', version: 'v1', kind: 'Widget' },
    resource: { group: 'example.com', version: 'v1', resource: 'widgets' },
    namespace: 'ns',
    name: 'w',
    operation,
    object,
    oldObject,
  },
});

const widget = (spec: Record<string, unknown>) => ({
  apiVersion: 'example.com/v1',
  kind: 'Widget',
  metadata: { namespace: 'ns', name: 'w' },
  spec,
});

type WithSpec = { spec: { size?: number; protected?: boolean; color?: string } };

const run = (handler: AdmissionHandler, body: unknown, timeoutMs = 1_000): Promise<AdmissionReview> =>
  runAdmission({ body, handler, verb: 'validate', timeoutMs, signal: new AbortController().signal, log: noopLogger });

describe('decodeAdmissionReview', () => {
  it.each([
    ['a list', [], 'the body is not a JSON object'],
    ['another kind', { ...review('CREATE', {}), kind: 'ConversionReview' }, 'expected "AdmissionReview"'],
    [
      'v1beta1',
      { ...review('CREATE', {}), apiVersion: 'admission.k8s.io/v1beta1' },
      'only admission.k8s.io/v1 is served',
    ],
    ['no request', { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' }, 'it has no request'],
    [
      'no uid',
      { ...review('CREATE', {}), request: { ...review('CREATE', {}).request, uid: '' } },
      'request.uid is missing',
    ],
    ['a bad operation', review('PATCH', {}), 'request.operation "PATCH" is not'],
    ['an object that is a string', review('CREATE', 'x'), 'request.object is not an object'],
  ])('refuses %s', (_, body, message) => {
    expect(() => decodeAdmissionReview(body)).toThrow(message);
  });
});

class LockSpec {
  @IsString() @Immutable('zone is immutable') zone!: string;
}

@CustomResource({ group: 'example.com', version: 'v1', kind: 'Lock', scope: 'Namespaced' })
class Lock extends CustomObject<LockSpec> {
  @ValidateNested() @Type(() => LockSpec) declare spec: LockSpec;
}

describe('validating handler', () => {
  const calls: string[] = [];
  const validator: CustomValidator = {
    validateCreate: (obj) => {
      calls.push(`create ${obj.metadata?.name}`);
      return ['a warning'];
    },
    validateUpdate: (old, obj) => {
      calls.push(`update ${JSON.stringify((old as WithSpec).spec)} → ${JSON.stringify((obj as WithSpec).spec)}`);
      if (((obj as WithSpec).spec.size ?? 0) > 3)
        throw invalid([{ path: 'spec.size', message: 'must be at most 3' }], 'Widget ns/w is invalid');
    },
    validateDelete: (obj) => {
      if ((obj as WithSpec).spec.protected) throw denied('widget is protected');
    },
  };
  const handler = validatingHandler(validator);

  it('allows with warnings and echoes the uid', async () => {
    const out = await run(handler, review('CREATE', widget({ size: 1 })));
    expect(out).toEqual({
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      response: { uid: 'uid-1', allowed: true, warnings: ['a warning'] },
    });
    expect(calls).toContain('create w');
  });

  it('passes old and new objects on update, and maps field issues to causes with code 422', async () => {
    const out = await run(handler, review('UPDATE', widget({ size: 5 }), widget({ size: 1 })));
    expect(calls).toContain('update {"size":1} → {"size":5}');
    expect(out.response).toEqual({
      uid: 'uid-1',
      allowed: false,
      status: {
        code: 422,
        reason: 'Invalid',
        message: 'Widget ns/w is invalid: spec.size: must be at most 3',
        details: {
          name: 'w',
          group: 'example.com',
          kind: 'Widget',
          causes: [{ field: 'spec.size', message: 'must be at most 3', reason: 'FieldValueInvalid' }],
        },
      },
    });
  });

  it("denies an invalid() without a summary as Go's apierrors.NewInvalid: the kind and name in details and message", async () => {
    const schedule = validatingHandler({
      validateCreate: () => {
        throw invalid([
          { path: 'spec.schedule', value: 'bad', message: 'not a cron expression' },
          { path: 'spec.suspend', message: 'must be set' },
        ]);
      },
    });
    const out = await run(schedule, review('CREATE', widget({ schedule: 'bad' })));
    expect(out.response?.status).toEqual({
      code: 422,
      reason: 'Invalid',
      message:
        'Widget.example.com "w" is invalid: [spec.schedule: Invalid value: "bad": not a cron expression, spec.suspend: must be set]',
      details: {
        name: 'w',
        group: 'example.com',
        kind: 'Widget',
        causes: [
          {
            field: 'spec.schedule',
            message: 'Invalid value: "bad": not a cron expression',
            reason: 'FieldValueInvalid',
          },
          { field: 'spec.suspend', message: 'must be set', reason: 'FieldValueInvalid' },
        ],
      },
    });
  });

  it('runs transition rules against the old object on update, as the API server does', async () => {
    const typed = validatingHandler({}, { type: Lock });
    expect((await run(typed, review('CREATE', widget({ zone: 'b' })))).response?.allowed).toBe(true);
    expect((await run(typed, review('UPDATE', widget({ zone: 'a' }), widget({ zone: 'a' })))).response?.allowed).toBe(
      true,
    );
    const out = await run(typed, review('UPDATE', widget({ zone: 'b' }), widget({ zone: 'a' })));
    expect(out.response).toMatchObject({
      allowed: false,
      status: { code: 422, details: { causes: [{ field: 'spec.zone', message: 'zone is immutable' }] } },
    });
  });

  it('validates the old object on delete and denies with 403', async () => {
    const out = await run(handler, review('DELETE', undefined, widget({ protected: true })));
    expect(out.response).toMatchObject({ allowed: false, status: { code: 403, message: 'widget is protected' } });
  });

  it('denies an object nested deeper than validate() accepts with 422, naming the field and the limit', async () => {
    let color: unknown = 'red';
    for (let i = 0; i < 10_000; i++) color = { a: color };
    const typed = validatingHandler({}, { type: GizmoV2 });
    const out = await run(typed, review('CREATE', widget({ min: 1, max: 2, color })));
    const message = `must not be nested more than ${MAX_DEPTH} levels deep (the limit is ${MAX_DEPTH})`;
    expect(out.response).toEqual({
      uid: 'uid-1',
      allowed: false,
      status: {
        code: 422,
        reason: 'Invalid',
        message: `Widget.example.com "w" is invalid: spec.color: ${message}`,
        details: {
          name: 'w',
          group: 'example.com',
          kind: 'Widget',
          causes: [{ field: 'spec.color', message, reason: 'FieldValueInvalid' }],
        },
      },
    });
  });

  it('turns a throw into a 500 denial naming the object', async () => {
    const throwing = validatingHandler({
      validateCreate: () => {
        throw new RangeError('oops');
      },
    });
    const out = await run(throwing, review('CREATE', widget({})));
    expect(out.response).toEqual({
      uid: 'uid-1',
      allowed: false,
      status: { code: 500, message: 'unable to validate Widget ns/w: the webhook failed: oops' },
    });
  });

  it('turns a handler past its deadline into a 504 denial, and aborts its signal', async () => {
    let aborted = false;
    const hanging = validatingHandler({
      validateCreate: (_obj, ctx) =>
        new Promise<undefined>((resolve) =>
          ctx.signal.addEventListener('abort', () => {
            aborted = true;
            resolve(undefined);
          }),
        ),
    });
    const out = await run(hanging, review('CREATE', widget({})), 50);
    expect(out.response).toMatchObject({
      allowed: false,
      status: { code: 504, message: 'unable to validate Widget ns/w: the webhook handler did not answer within 50 ms' },
    });
    expect(aborted).toBe(true);
  });
});

describe('defaulting handler', () => {
  const defaulter: CustomDefaulter = {
    default: (obj) => {
      const spec = (obj as WithSpec).spec;
      spec.size ??= 1;
      obj.metadata!.labels = { defaulted: 'true' };
    },
  };

  it('answers the JSON patch from the object sent to the object defaulted', async () => {
    const out = await run(defaultingHandler(defaulter), review('CREATE', widget({ color: 'red' })));
    expect(out.response).toMatchObject({ uid: 'uid-1', allowed: true, patchType: 'JSONPatch' });
    const patch = JSON.parse(Buffer.from(out.response?.patch as string, 'base64').toString('utf8'));
    expect(patch).toEqual([
      { op: 'add', path: '/metadata/labels', value: { defaulted: 'true' } },
      { op: 'add', path: '/spec/size', value: 1 },
    ]);
  });

  it('sends no patch when nothing changes, and skips deletes', async () => {
    const done = { default: () => undefined };
    const out = await run(defaultingHandler(done), review('CREATE', widget({ size: 2 })));
    expect(out.response).toEqual({ uid: 'uid-1', allowed: true });
    const deleted = await run(defaultingHandler(defaulter), review('DELETE', undefined, widget({})));
    expect(deleted.response).toEqual({ uid: 'uid-1', allowed: true });
  });

  it('uses an object the defaulter returns instead of the one it was given', async () => {
    const replacing: CustomDefaulter = { default: (obj) => ({ ...obj, spec: { replaced: true } }) };
    const out = await run(defaultingHandler(replacing), review('UPDATE', widget({ a: 1 }), widget({})));
    const patch = JSON.parse(Buffer.from(out.response?.patch as string, 'base64').toString('utf8'));
    expect(patch).toEqual([
      { op: 'remove', path: '/spec/a' },
      { op: 'add', path: '/spec/replaced', value: true },
    ]);
  });
});
