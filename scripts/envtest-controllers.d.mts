/** Types of `envtest-controllers.mjs`, for the unit spec that runs it. */
export const testingDoc: string;
export const controllersModule: string;
export const BEGIN: string;
export const END: string;
export function controllersTable(effects: Readonly<Record<string, string>>, defaults: readonly string[]): string[];
export function withTable(markdown: string, table: readonly string[]): string;
