import * as v from 'valibot';
import { issueSummary, toApiIssues } from '../../src/api/common/issues';
import { ApiError } from './errors';

/** Validates one part of a request with its contract schema; a failure names every bad field, with its code. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown, part: 'body' | 'query' | 'params'): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const issues = toApiIssues(result.issues, part);
  throw new ApiError(400, 'VALIDATION_FAILED', `Invalid ${part}: ${issueSummary(issues)}`, issues);
}
