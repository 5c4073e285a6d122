// class-transformer 0.5 keeps its metadata storage in a module its index does not
// biome-ignore-all lint/complexity/noBannedTypes: mirrors class-transformer's own signatures
// re-export; these are the public methods of that storage that @operant/crd calls.
declare module 'class-transformer/cjs/storage.js' {
  interface TypeMetadata {
    typeFunction?: (options?: unknown) => unknown;
    reflectedType: unknown;
  }
  interface ExposeMetadata {
    options: { name?: string; toClassOnly?: boolean; toPlainOnly?: boolean };
  }
  interface ExcludeMetadata {
    options: { toClassOnly?: boolean; toPlainOnly?: boolean };
  }
  export const defaultMetadataStorage: {
    findTypeMetadata(target: Function, propertyName: string): TypeMetadata | undefined;
    findExposeMetadata(target: Function, propertyName: string): ExposeMetadata | undefined;
    findExcludeMetadata(target: Function, propertyName: string): ExcludeMetadata | undefined;
  };
}
