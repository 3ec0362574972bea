import type { FieldValues, Resolver } from 'react-hook-form';
import type * as v from 'valibot';
import { issueMessage } from '../../../api/client';
import { contractResolver } from '../../../ui/form-resolver';

/** `days.2.destinationId` → the nested object react-hook-form keeps errors in. */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((key, i) => {
    const next = node[key];
    node = (node[key] = next && typeof next === 'object' ? next : /^\d+$/.test(keys[i + 1]!) ? [] : {}) as Record<string, unknown>;
  });
  node[keys.at(-1)!] = value;
}

/**
 * A tour form's resolver: the contract's schema (what the server checks, its issues in the
 * member's language) over the values as they will be sent (`prepare`), and "is required" for the
 * pickers and number boxes left empty (`missing`: paths) rather than the schema's type error on null.
 */
export function planResolver<F extends FieldValues>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema whose input is the prepared values
  schema: v.GenericSchema<any, any>,
  prepare: (values: F) => unknown,
  missing: (values: F) => string[],
): Resolver<F> {
  const validate = contractResolver<typeof schema, F>(schema, { toInput: prepare });
  return async (values, context, options) => {
    const result = await validate(values, context, options);
    const empty = missing(values);
    if (!empty.length) return result as never;
    const errors = { ...result.errors } as Record<string, unknown>;
    const required = issueMessage({ code: 'required', message: 'is required' });
    for (const path of empty) setPath(errors, path, { type: 'required', message: required });
    return { values: {}, errors } as never;
  };
}
