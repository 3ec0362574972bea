import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Password } from 'primereact/password';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { InputSwitch } from 'primereact/inputswitch';
import { InputNumber } from 'primereact/inputnumber';
import { Chips } from 'primereact/chips';

interface BaseProps<T extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the resolver may transform the values
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
}

/** Label, control and the valibot message under it, wired for screen readers (aria-invalid, aria-describedby). */
function FieldFrame({ id, label, error, hint, children, inline }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode; inline?: boolean }) {
  return (
    <div className={`field${inline ? ' field--inline' : ''}`}>
      {inline ? children : null}
      <label htmlFor={id}>{label}</label>
      {inline ? null : children}
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;

import { fieldMessage } from './field-message';
export { fieldMessage };

export function TextField<T extends FieldValues>({ control, name, label, hint, disabled, type = 'text', autoComplete, nullable }: BaseProps<T> & { type?: string; autoComplete?: string; nullable?: boolean }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldMessage(label, fieldState.error?.message);
        return (
          <FieldFrame id={id} label={label} error={error} hint={hint}>
            <InputText
              id={id}
              type={type}
              autoComplete={autoComplete}
              disabled={disabled}
              value={(field.value as string | null | undefined) ?? ''}
              onChange={(e) => field.onChange(nullable && e.target.value === '' ? null : e.target.value)}
              onBlur={field.onBlur}
              ref={field.ref}
              invalid={!!error}
              aria-invalid={!!error}
              aria-describedby={describedBy(id, error, hint)}
            />
          </FieldFrame>
        );
      }}
    />
  );
}

export function TextAreaField<T extends FieldValues>({ control, name, label, hint, disabled }: BaseProps<T>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldMessage(label, fieldState.error?.message);
        return (
          <FieldFrame id={id} label={label} error={error} hint={hint}>
            <InputTextarea
              id={id}
              rows={4}
              autoResize
              disabled={disabled}
              value={(field.value as string | undefined) ?? ''}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              invalid={!!error}
              aria-invalid={!!error}
              aria-describedby={describedBy(id, error, hint)}
            />
          </FieldFrame>
        );
      }}
    />
  );
}

/** An empty password means "not given" (undefined), so optional password fields validate. */
export function PasswordField<T extends FieldValues>({ control, name, label, hint, disabled, autoComplete = 'new-password' }: BaseProps<T> & { autoComplete?: string }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldMessage(label, fieldState.error?.message);
        return (
          <FieldFrame id={id} label={label} error={error} hint={hint}>
            <Password
              inputId={id}
              feedback={false}
              toggleMask
              disabled={disabled}
              autoComplete={autoComplete}
              value={(field.value as string | undefined) ?? ''}
              onChange={(e) => field.onChange(e.target.value === '' ? undefined : e.target.value)}
              onBlur={field.onBlur}
              invalid={!!error}
              aria-invalid={!!error}
              aria-describedby={describedBy(id, error, hint)}
            />
          </FieldFrame>
        );
      }}
    />
  );
}

/** A calendar date as the contract wants it (`YYYY-MM-DD`, or null when empty); the browser shows it in the locale. */
export function DateField<T extends FieldValues>({ control, name, label, hint, disabled }: BaseProps<T>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldMessage(label, fieldState.error?.message);
        return (
          <FieldFrame id={id} label={label} error={error} hint={hint}>
            <InputText
              id={id}
              type="date"
              disabled={disabled}
              value={(field.value as string | null | undefined) ?? ''}
              onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
              onBlur={field.onBlur}
              invalid={!!error}
              aria-invalid={!!error}
              aria-describedby={describedBy(id, error, hint)}
            />
          </FieldFrame>
        );
      }}
    />
  );
}

export interface Option<V = string> {
  label: string;
  value: V;
}

export function SelectField<T extends FieldValues>({ control, name, label, hint, disabled, options, filter }: BaseProps<T> & { options: Option<unknown>[]; filter?: boolean }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldMessage(label, fieldState.error?.message);
        return (
          <FieldFrame id={id} label={label} error={error} hint={hint}>
            <Dropdown
              inputId={id}
              disabled={disabled}
              options={options}
              optionLabel="label"
              optionValue="value"
              filter={filter}
              value={field.value}
              onChange={(e) => field.onChange(e.value)}
              onBlur={field.onBlur}
              invalid={!!error}
              aria-describedby={describedBy(id, error, hint)}
            />
          </FieldFrame>
        );
      }}
    />
  );
}

export function MultiSelectField<T extends FieldValues>({ control, name, label, hint, disabled, options }: BaseProps<T> & { options: Option[] }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldMessage(label, fieldState.error?.message);
        return (
          <FieldFrame id={id} label={label} error={error} hint={hint}>
            <MultiSelect
              inputId={id}
              disabled={disabled}
              options={options}
              optionLabel="label"
              optionValue="value"
              value={field.value ?? []}
              onChange={(e) => field.onChange(e.value)}
              display="chip"
              invalid={!!error}
            />
          </FieldFrame>
        );
      }}
    />
  );
}

export function SwitchField<T extends FieldValues>({ control, name, label, hint, disabled }: BaseProps<T>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldMessage(label, fieldState.error?.message);
        return (
          <FieldFrame id={id} label={label} error={error} hint={hint} inline>
            <InputSwitch inputId={id} disabled={disabled} checked={!!field.value} onChange={(e) => field.onChange(!!e.value)} />
          </FieldFrame>
        );
      }}
    />
  );
}

export function NumberField<T extends FieldValues>({ control, name, label, hint, disabled, min, max, suffix }: BaseProps<T> & { min?: number; max?: number; suffix?: string }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldMessage(label, fieldState.error?.message);
        return (
          <FieldFrame id={id} label={label} error={error} hint={hint}>
            <InputNumber
              inputId={id}
              disabled={disabled}
              min={min}
              max={max}
              suffix={suffix}
              useGrouping={false}
              value={(field.value as number | null | undefined) ?? null}
              onValueChange={(e) => field.onChange(e.value ?? undefined)}
              onBlur={field.onBlur}
              invalid={!!error}
              aria-describedby={describedBy(id, error, hint)}
            />
          </FieldFrame>
        );
      }}
    />
  );
}

export function ChipsField<T extends FieldValues>({ control, name, label, hint, disabled }: BaseProps<T>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldMessage(label, fieldState.error?.message);
        return (
          <FieldFrame id={id} label={label} error={error} hint={hint}>
            <Chips inputId={id} disabled={disabled} value={(field.value as string[] | undefined) ?? []} onChange={(e) => field.onChange(e.value ?? [])} separator="," />
          </FieldFrame>
        );
      }}
    />
  );
}

/** Puts the server's per-field `issues` (400) under the fields they name. */
export function applyServerIssues(error: unknown, setError: (name: never, e: { message: string }) => void) {
  const issues = (error as { issues?: { path: string; message: string }[] })?.issues;
  for (const issue of issues ?? []) setError(issue.path as never, { message: issue.message });
}
