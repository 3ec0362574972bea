import * as v from 'valibot';
import { ApiError } from './errors';

/** Validates one part of a request with its contract schema; a failure names every bad field. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown, part: 'body' | 'query' | 'params'): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const issues = result.issues.map((issue) => {
    const path = v.getDotPath(issue) ?? '';
    const message =
      issue.expected === 'never' ? 'is not a known field' : issue.received === 'undefined' ? 'is required' : issue.message;
    return { path: path || part, message };
  });
  const summary = issues
    .slice(0, 3)
    .map((i) => `${i.path} ${i.message}`)
    .join('; ');
  throw new ApiError(400, 'VALIDATION_FAILED', `Invalid ${part}: ${summary}${issues.length > 3 ? '; …' : ''}`, issues);
}
