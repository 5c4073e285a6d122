/** Types of `api-surface.mjs`, for the unit spec that runs it. */
export interface SurfaceEntry {
  specifier: string;
  values: number;
  types: number;
  nsValues: number;
  nsTypes: number;
}
export interface Surface {
  entries: SurfaceEntry[];
  packages: { name: string; values: number; types: number }[];
}
export const PUBLIC_NAME_BUDGET: number;
export function apiSurface(exported?: Map<string, Map<string, unknown>>): Surface;
export function publicNameCount(surface?: Surface): number;
