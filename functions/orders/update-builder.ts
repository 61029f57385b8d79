/**
 * Builds one DynamoDB UpdateExpression with its condition: every attribute name and value goes
 * through a placeholder (`#n0`, `:v1`), so no attribute can clash with a reserved word.
 */
export class UpdateBuilder {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  readonly sets: string[] = [];
  readonly removes: string[] = [];
  readonly conditions: string[] = [];
  private n = 0;

  name(attribute: string): string {
    const placeholder = `#n${this.n++}`;
    this.names[placeholder] = attribute;
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${this.n++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** `path` is a list of attribute names (a nested path). */
  set(path: readonly string[], value: unknown, ifNotExists = false): void {
    const target = path.map((part) => this.name(part)).join('.');
    const v = this.value(value);
    this.sets.push(`${target} = ${ifNotExists ? `if_not_exists(${target}, ${v})` : v}`);
  }

  remove(path: readonly string[]): void {
    this.removes.push(path.map((part) => this.name(part)).join('.'));
  }

  expression(): string {
    return [
      this.sets.length ? `SET ${this.sets.join(', ')}` : '',
      this.removes.length ? `REMOVE ${this.removes.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
  }
}
