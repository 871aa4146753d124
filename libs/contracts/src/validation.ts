import type { ValidationError } from 'class-validator';

function collect(errors: ValidationError[], parent: string, out: string[]): void {
  for (const e of errors) {
    const path = parent ? `${parent}.${e.property}` : e.property;
    if (e.constraints) {
      for (const message of Object.values(e.constraints)) {
        // class-validator writes "property ..." : show the full path instead
        out.push(message.startsWith(`${e.property} `) ? `${path}${message.slice(e.property.length)}` : message);
      }
    }
    if (e.children?.length) collect(e.children, path, out);
  }
}

/** One readable message naming every field that failed, e.g. "email must be an email". */
export function formatValidationErrors(errors: ValidationError[]): string {
  const out: string[] = [];
  collect(errors, '', out);
  return out.join('; ') || 'Invalid input';
}
