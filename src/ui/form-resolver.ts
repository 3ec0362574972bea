import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { issueMessage } from '../api/client';
import { toApiIssues } from '../api/common/issues';
import { fieldOfPath } from './form-fields';

/**
 * A react-hook-form resolver from a contract schema, the server's own: the same codes and
 * parameters the server would answer, shown in the member's language under the field (the
 * validation-issue mapper of src/api/common/issues.ts, shared with the server).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema whose input is the form's values
export function contractResolver<S extends v.GenericSchema<any, any>>(schema: S): Resolver<v.InferInput<S> & FieldValues, unknown, v.InferOutput<S>> {
  return async (values, _context, options) => {
    const result = v.safeParse(schema, values, { abortPipeEarly: true });
    if (result.success) return { values: result.output, errors: {} };
    const errors: Record<string, FieldError> = Object.create(null);
    for (const issue of toApiIssues(result.issues, 'root')) {
      const name = fieldOfPath(issue.path);
      errors[name] ??= { type: issue.code, message: issueMessage(issue) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
