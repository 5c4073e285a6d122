/** Types of `index.mjs`, for the specs that use it. */
export interface RecordedModule {
  url: string;
  /** The module that first imported it; '' for the entry. */
  importer: string;
}
export const recorder: string;
export function recordedModules(file: string): RecordedModule[];
export function generatedModels(modules: readonly RecordedModule[]): RecordedModule[];
export function importChain(modules: readonly RecordedModule[], url: string): string[];
export function generatedModelsLoaded(modules: readonly RecordedModule[]): string[];
export function packageOf(url: string): string | undefined;
export function packagesLoaded(modules: readonly RecordedModule[], names: readonly string[]): string[];
