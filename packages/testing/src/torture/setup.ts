/**
 * What `TortureOptions.setup` registers on each manager: an application's root `@Module`
 * (wired as `OperantFactory.create(AppModule, { manager })` wires it), a `@Controller`
 * class (as `createOperator({ controllers: [it], manager })`), or a function of the manager
 * that registers the controller itself (a builder, or anything else).
 * @module
 */
import { type Manager, OperantFactory } from '@operant/core';
import { getModuleMetadata } from '@operant/core/decorators';
import { createOperator } from '@operant/core/di';
import { getControllerMetadata } from '@operant/core/internal';
import { TortureError } from './torture-error.js';

/** A class, decorated `@Module` or `@Controller`. */
export type DecoratedClass = abstract new (...args: never[]) => unknown;

/** The controller under test: see `TortureOptions.setup`. */
export type TortureSetup = ((mgr: Manager) => void | Promise<void>) | DecoratedClass;

/** Registers `setup` on `mgr`. */
export async function registerSetup(setup: TortureSetup, mgr: Manager): Promise<void> {
  const type = setup as unknown as new (...args: unknown[]) => unknown;
  if (getModuleMetadata(type) !== undefined) {
    await OperantFactory.create(type, { manager: mgr });
  } else if (getControllerMetadata(type) !== undefined) {
    await createOperator({ controllers: [type], manager: mgr });
  } else if (/^class\b/.test(Function.prototype.toString.call(setup))) {
    throw new TortureError(
      'config',
      `unable to register ${setup.name} as the controller under torture: a class must be decorated @Module or @Controller`,
    );
  } else {
    await (setup as (mgr: Manager) => void | Promise<void>)(mgr);
  }
}
