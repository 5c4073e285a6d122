/**
 * Descriptions from doc comments, as controller-gen takes Go doc comments: the TypeScript
 * compiler API parses the entry modules and what they import (outside node_modules) and
 * returns each class's and property's TSDoc text. Classes are matched by name; a name
 * declared with docs in two files is ambiguous and gets no description (with a warning).
 * @module
 */
import type { AnyClass } from '@operant/crd';
import ts from 'typescript';

export interface DocComments {
  describe(type: AnyClass, property?: string): string | undefined;
  warnings: string[];
}

function docOf(checker: ts.TypeChecker, node: ts.Declaration & { name?: ts.Node }): string | undefined {
  const symbol = node.name === undefined ? undefined : checker.getSymbolAtLocation(node.name);
  const text = symbol === undefined ? '' : ts.displayPartsToString(symbol.getDocumentationComment(checker));
  return text.trim() === '' ? undefined : text.trim();
}

export function readDocComments(entries: readonly string[]): DocComments {
  const program = ts.createProgram([...entries], {
    allowJs: true,
    experimentalDecorators: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const checker = program.getTypeChecker();
  const docs = new Map<string, string>();
  const seen = new Map<string, string>();
  const ambiguous = new Set<string>();
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || file.fileName.includes('/node_modules/')) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) && node.name !== undefined) {
        const name = node.name.text;
        const entries = new Map<string, string>();
        const classDoc = docOf(checker, node);
        if (classDoc !== undefined) entries.set(name, classDoc);
        for (const member of node.members) {
          if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name)) continue;
          const doc = docOf(checker, member);
          if (doc !== undefined) entries.set(`${name}.${member.name.text}`, doc);
        }
        if (entries.size > 0) {
          const other = seen.get(name);
          if (other !== undefined && other !== file.fileName) ambiguous.add(name);
          seen.set(name, file.fileName);
          for (const [key, doc] of entries) docs.set(key, doc);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return {
    describe: (type, property) =>
      ambiguous.has(type.name) ? undefined : docs.get(property === undefined ? type.name : `${type.name}.${property}`),
    warnings: [...ambiguous].map(
      (name) => `${name}: declared with doc comments in several files; its descriptions are left out`,
    ),
  };
}
