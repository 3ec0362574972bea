import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import type * as v from 'valibot';
import type { ListResource } from '../../api/common/resource';
import { issueMessage } from '../../api/client';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues } from '../../ui/form-fields';

/** Form text for "make it from the name": an empty slug field is left out, so the server derives one. */
export const withoutEmptySlug = <F extends { slug?: string }>(values: F): F => ({ ...values, slug: values.slug?.trim() ? values.slug : undefined });

/**
 * A catalogue record's create/edit form: react-hook-form validated by the contract's create
 * schema (so the form sends what the API takes), `POST` for a new record and `PUT` with every
 * field for an existing one, the success toast, and the server's per-field issues under the fields.
 * `dialog` is what its `FormDialog` needs (submit, state, changes, the form's own message).
 */
export function useRecordForm<F extends FieldValues, T extends { _id: string }>(def: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema whose input is the form's values
  schema: v.GenericSchema<any, any>;
  values: DefaultValues<F>;
  /** Turns the form's values into the schema's input (e.g. {@link withoutEmptySlug}). */
  prepare?: (values: F) => F;
  /** Picker fields a record needs: an empty one reads "… is required" (not the schema's type error on null). */
  required?: (keyof F & string)[];
  resource: ListResource<T>;
  record?: T;
  messages: { created: string; updated: string };
  onClose: () => void;
}) {
  const create = def.resource.useCreate();
  const update = def.resource.useUpdate();
  const validate = contractResolver<v.GenericSchema, F>(def.schema, { toInput: def.prepare }) as unknown as Resolver<F>;
  const resolver: Resolver<F> = async (values, context, options) => {
    const result = await validate(values, context, options);
    const missing = (def.required ?? []).filter((k) => values[k] === null || values[k] === undefined || values[k] === '');
    if (!missing.length) return result;
    const errors: Record<string, unknown> = { ...result.errors };
    for (const k of missing) errors[k] = { type: 'required', message: issueMessage({ code: 'required', message: 'is required' }) };
    return { values: {}, errors } as Awaited<ReturnType<Resolver<F>>>;
  };
  const form = useForm<F>({ resolver, defaultValues: def.values });
  const submit = form.handleSubmit(async (input) => {
    try {
      if (def.record) await update.mutateAsync({ id: def.record._id, input });
      else await create.mutateAsync(input);
      toast.success(def.record ? def.messages.updated : def.messages.created);
      def.onClose();
    } catch (error) {
      applyServerIssues(error, form.setError as never);
    }
  });
  const dialog = { onSubmit: submit, submitting: form.formState.isSubmitting, dirty: form.formState.isDirty, error: form.formState.errors.root?.message };
  return { ...form, submit, submitting: form.formState.isSubmitting, dialog };
}
