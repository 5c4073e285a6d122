/**
 * `@PrintColumn({...})` (repeatable, kubectl column order = decorator order from the top)
 * and `@SelectableField(jsonPath)` (repeatable, at most 8): kubebuilder's
 * `+kubebuilder:printcolumn` and `+kubebuilder:selectablefield`.
 * @module
 */

import type { PrinterColumn } from '../apiextensions/types.js';
import { updateResourceMetadata } from '../metadata/storage.js';
import { invalid } from './internal.js';

export type PrintColumnOptions = PrinterColumn;

const columnTypes = new Set(['integer', 'number', 'string', 'boolean', 'date']);
const columnFormats = new Set(['int32', 'int64', 'float', 'double', 'byte', 'date', 'date-time', 'password']);

export function PrintColumn(options: PrintColumnOptions): ClassDecorator {
  return (target) => {
    if (typeof options?.name !== 'string' || options.name === '') {
      throw invalid('@PrintColumn', target, undefined, '"name" must be a non-empty string');
    }
    const column = `column "${options.name}"`;
    if (!columnTypes.has(options.type)) {
      throw invalid(
        '@PrintColumn',
        target,
        undefined,
        `${column}: "type" must be one of ${[...columnTypes].join(', ')}`,
      );
    }
    if (options.format !== undefined && !columnFormats.has(options.format)) {
      throw invalid('@PrintColumn', target, undefined, `${column}: unknown format "${options.format}"`);
    }
    if (!options.jsonPath?.startsWith('.')) {
      throw invalid('@PrintColumn', target, undefined, `${column}: "jsonPath" must start with "."`);
    }
    // Decorators run bottom-up: prepend so the topmost column comes first.
    updateResourceMetadata(target, (m) => ({ ...m, printColumns: [{ ...options }, ...m.printColumns] }));
  };
}

export function SelectableField(jsonPath: string): ClassDecorator {
  return (target) => {
    if (typeof jsonPath !== 'string' || !jsonPath.startsWith('.')) {
      throw invalid('@SelectableField', target, undefined, 'the JSON path must start with "."');
    }
    if (jsonPath === '.metadata' || jsonPath.startsWith('.metadata.')) {
      throw invalid('@SelectableField', target, undefined, `"${jsonPath}" is under metadata`);
    }
    updateResourceMetadata(target, (m) => {
      if (m.selectableFields.includes(jsonPath)) {
        throw invalid('@SelectableField', target, undefined, `"${jsonPath}" is declared twice`);
      }
      return { ...m, selectableFields: [jsonPath, ...m.selectableFields] };
    });
  };
}
