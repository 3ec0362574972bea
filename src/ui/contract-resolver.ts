import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import * as v from 'valibot';

export interface ContractResolverOptions<F> {
  /** The request body the form's values make (a percentage as basis points, empty choices left out). */
  toInput?: (values: F) => unknown;
  /** Where an issue on a body key goes when the form names the field differently (`taxRate` → `taxPercent`). */
  fieldOf?: Record<string, string>;
}

/**
 * A react-hook-form resolver that validates exactly what the form will send: `toInput(values)`
 * checked by the contract's schema, the schema's output handed to the submit handler as the
 * request body. So a form cannot send a key its contract does not know, or validate one thing and
 * send another. Every issue lands somewhere a person sees it: under its field, or (a body key no
 * field shows, an issue about the whole body) as the form's `root` error.
 */
export function contractResolver<F extends FieldValues, S extends v.GenericSchema | v.GenericSchemaAsync>(
  schema: S,
  { toInput, fieldOf = {} }: ContractResolverOptions<F> = {},
): Resolver<F, unknown, v.InferOutput<S>> {
  return async (values, _context, options) => {
    const result = await v.safeParseAsync(schema, toInput ? toInput(values) : values);
    if (result.success) return { values: result.output, errors: {} };
    // The fields on screen (react-hook-form passes the mounted ones); a hidden value is not one.
    const shown = (field: string) =>
      options.names ? options.names.some((n) => n === field || n.startsWith(`${field}.`) || field.startsWith(`${n}.`)) : field.split('.')[0]! in values;
    const errors: Record<string, FieldError> = {};
    for (const issue of result.issues) {
      const path = v.getDotPath(issue);
      const [head = '', ...rest] = path?.split('.') ?? [];
      const field = [fieldOf[head] ?? head, ...rest].join('.');
      const key = path && shown(field) ? field : 'root';
      errors[key] ??= { type: issue.type, message: key === 'root' && path ? `${path} ${issue.message}` : issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** Puts the server's per-field `issues` (400) under the fields they name (`fieldOf` as for {@link contractResolver}). */
export function applyServerIssues(error: unknown, setError: (name: never, e: { message: string }) => void, fieldOf: Record<string, string> = {}) {
  const issues = (error as { issues?: { path: string; message: string }[] })?.issues;
  for (const issue of issues ?? []) {
    const [head = '', ...rest] = issue.path.split('.');
    setError([fieldOf[head] ?? head, ...rest].join('.') as never, { message: issue.message });
  }
}
