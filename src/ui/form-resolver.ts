import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { issueMessage } from '../api/client';
import { toApiIssues } from '../api/common/issues';
import { formFieldOf } from './form-fields';

export interface ContractResolverOptions<F> {
  /** The request body the form's values make (a percentage as basis points, empty choices left out). */
  toInput?: (values: F) => unknown;
  /** Where an issue on a body key goes when the form names the field differently (`taxRate` → `taxPercent`). */
  fieldOf?: Record<string, string>;
}

/**
 * A react-hook-form resolver that validates exactly what the form will send: `toInput(values)`
 * checked by the contract's schema (the server's own), the schema's output handed to the submit
 * handler as the request body. So a form cannot send a key its contract does not know, or validate
 * one thing and send another. Issues go through the server's mapper (src/api/common/issues.ts), so
 * they carry the same codes and parameters and read in the member's language. Every issue lands
 * where a person sees it: under its field, or (a body key no field shows, an issue about the whole
 * body) as the form's `root` error.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema; the form's values are F
export function contractResolver<S extends v.GenericSchema<any, any> | v.GenericSchemaAsync<any, any>, F extends FieldValues = v.InferInput<S> & FieldValues>(
  schema: S,
  { toInput, fieldOf = {} }: ContractResolverOptions<F> = {},
): Resolver<F, unknown, v.InferOutput<S>> {
  return async (values, _context, options) => {
    const result = await v.safeParseAsync(schema, toInput ? toInput(values) : values, { abortPipeEarly: true });
    if (result.success) return { values: result.output, errors: {} };
    // The fields on screen (react-hook-form passes the mounted ones); a hidden value is not one.
    const shown = (field: string) =>
      options.names ? options.names.some((n) => n === field || n.startsWith(`${field}.`) || field.startsWith(`${n}.`)) : field.split('.')[0]! in values;
    const errors: Record<string, FieldError> = Object.create(null);
    const issues = toApiIssues(result.issues, '').map((issue, i) =>
      // An empty field is "required", whatever words the schema piece has for a wrong value (an
      // amount's "must be a whole number of minor units" for nothing typed).
      result.issues[i]!.kind === 'schema' && result.issues[i]!.input === undefined ? { ...issue, code: 'required' as const, params: {}, message: 'is required' } : issue,
    );
    for (const issue of issues) {
      const field = formFieldOf(issue.path, fieldOf);
      const name = issue.path && shown(field) ? field : 'root';
      errors[name] ??= { type: issue.code, message: name === 'root' && issue.path ? `${issue.path} ${issueMessage(issue)}` : issueMessage(issue) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
