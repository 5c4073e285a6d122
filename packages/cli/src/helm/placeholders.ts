/**
 * Go template expressions inside YAML that the `yaml` package writes. A template is built
 * as the object it renders, with tokens where Helm decides: `inline` replaces the token in
 * its line (`replicas: {{ .Values.manager.replicas }}`), `block` turns `key: token` into the
 * key and a `toYaml … | nindent` below it, `lines` replaces the token's whole line with
 * lines at its indentation (`{{- if }}` … `{{- end }}` around list items or map entries).
 * The tokens are plain scalars (never quoted), and lines are never folded.
 * @module
 */
import { stringify } from 'yaml';

type Expansion =
  | { kind: 'inline'; text: string }
  | { kind: 'block'; expression: string }
  | { kind: 'lines'; lines: (indent: number) => string[] };

export class TemplateText {
  private readonly expansions: Expansion[] = [];

  /** A token replaced by `text` where it stands (a scalar, or part of one). */
  inline(text: string): string {
    return this.token({ kind: 'inline', text });
  }

  /** A token for a map value: `key:` followed by `expression | nindent <key's indent + 2>`. */
  block(expression: string): string {
    return this.token({ kind: 'block', expression });
  }

  /** A token whose whole line becomes `lines(indent)`, each prefixed with the line's indentation. */
  lines(lines: (indent: number) => string[]): string {
    return this.token({ kind: 'lines', lines });
  }

  /** `object` as YAML with every token expanded. */
  render(object: unknown): string {
    const yaml = stringify(object, { lineWidth: 0, minContentWidth: 0 });
    return yaml
      .split('\n')
      .flatMap((line) => this.expand(line))
      .join('\n');
  }

  private token(expansion: Expansion): string {
    this.expansions.push(expansion);
    return `HELMTOKEN${this.expansions.length - 1}X`;
  }

  private expand(line: string): string[] {
    const match = /HELMTOKEN(\d+)X/.exec(line);
    if (match === null) return [line];
    const expansion = this.expansions[Number(match[1])] as Expansion;
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    switch (expansion.kind) {
      case 'inline':
        return this.expand(line.replace(match[0], expansion.text));
      case 'block':
        return [
          `${line.replace(` ${match[0]}`, '')}`,
          `${' '.repeat(indent)}{{- ${expansion.expression} | nindent ${indent + 2} }}`,
        ];
      case 'lines':
        return expansion.lines(indent).flatMap((l) => this.expand(`${' '.repeat(indent)}${l}`));
    }
  }
}
