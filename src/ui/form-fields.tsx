import { useId, type ReactNode } from 'react';
import { Controller, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Password } from 'primereact/password';
import { Dropdown, type DropdownPassThroughOptions } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { InputSwitch, type InputSwitchPassThroughOptions } from 'primereact/inputswitch';
import { InputNumber } from 'primereact/inputnumber';
import { Chips } from 'primereact/chips';
import { issueMessage } from '../api/client';
import type { ApiIssue } from '../api/common/issues';
import { fieldMessage } from './field-message';

export { fieldMessage };

export interface BaseProps<T extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the resolver may transform the values
  control: Control<T, any, any>;
  name: FieldPath<T>;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
}

/** Label, control and the valibot message under it, wired for screen readers (aria-invalid, aria-describedby). */
export function FieldFrame({ id, label, error, hint, children, inline }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode; inline?: boolean }) {
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

export const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;

export function TextField<T extends FieldValues>({ disabled, type = 'text', autoComplete, nullable, ...frame }: BaseProps<T> & { type?: string; autoComplete?: string; nullable?: boolean }) {
  return (
    <FramedField
      {...frame}
      render={({ id, field, error, describedBy }) => (
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
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

export function TextAreaField<T extends FieldValues>({ disabled, ...frame }: BaseProps<T>) {
  return (
    <FramedField
      {...frame}
      render={({ id, field, error, describedBy }) => (
        <InputTextarea
          id={id}
          // The form's ref: a refused submit puts the cursor back here (react-hook-form's shouldFocusError), as TextField does.
          ref={field.ref}
          rows={4}
          autoResize
          disabled={disabled}
          value={(field.value as string | undefined) ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          invalid={!!error}
          aria-invalid={!!error}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/** An empty password means "not given" (undefined), so optional password fields validate. */
export function PasswordField<T extends FieldValues>({ disabled, autoComplete = 'new-password', ...frame }: BaseProps<T> & { autoComplete?: string }) {
  return (
    <FramedField
      {...frame}
      render={({ id, field, error, describedBy }) => (
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
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/** A calendar date as the contract wants it (`YYYY-MM-DD`, or null when empty); the browser shows it in the locale. */
export function DateField<T extends FieldValues>({ disabled, min, max, ...frame }: BaseProps<T> & { min?: string; max?: string }) {
  return (
    <FramedField
      {...frame}
      render={({ id, field, error, describedBy }) => (
        <InputText
          id={id}
          type="date"
          disabled={disabled}
          min={min}
          max={max}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
          onBlur={field.onBlur}
          invalid={!!error}
          aria-invalid={!!error}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/** The offset (ms) of `timeZone` from UTC at an instant: what its clocks show minus UTC. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - Math.floor(instant / 1000) * 1000;
}

/** A wall time `2026-11-22T09:00` in `timeZone` (the browser's when none) → the instant, ISO 8601 UTC; null when not a time. */
export function wallTimeToInstant(local: string, timeZone?: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  if (!timeZone) {
    const d = new Date(local);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // The offset depends on the instant (summer time): guess, then correct with the offset there.
  const guess = asUtc - zoneOffset(asUtc, timeZone);
  return new Date(asUtc - zoneOffset(guess, timeZone)).toISOString();
}

/** An instant (ISO) → the wall time `YYYY-MM-DDTHH:mm` its clocks show in `timeZone` (the browser's when none). */
export function instantToWallTime(iso: string | null | undefined, timeZone?: string): string {
  const d = iso ? new Date(iso) : undefined;
  if (!d || Number.isNaN(d.getTime())) return '';
  const offset = timeZone ? zoneOffset(d.getTime(), timeZone) : -d.getTimezoneOffset() * 60_000;
  return new Date(d.getTime() + offset).toISOString().slice(0, 16);
}

/**
 * An instant as the contract wants it (ISO 8601 UTC, or null when empty), typed as a date and a
 * time on the clocks of `timeZone` (the organization's), whatever the browser's zone is.
 */
export function DateTimeField<T extends FieldValues>({ disabled, timeZone, ...frame }: BaseProps<T> & { timeZone?: string }) {
  return (
    <FramedField
      {...frame}
      render={({ id, field, error, describedBy }) => (
        <InputText
          id={id}
          type="datetime-local"
          disabled={disabled}
          value={instantToWallTime(field.value as string | null | undefined, timeZone)}
          onChange={(e) => field.onChange(e.target.value === '' ? null : wallTimeToInstant(e.target.value, timeZone))}
          onBlur={field.onBlur}
          ref={field.ref}
          invalid={!!error}
          aria-invalid={!!error}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/**
 * PrimeReact details assistive technology trips on (axe: aria-command-name, nested-interactive):
 * a Dropdown's trigger is a `role="button"` named only by the placeholder, a duplicate of the
 * labelled combobox, so it is hidden from it; while a Dropdown has the focus, its root (a plain
 * div) claims `aria-activedescendant="dropdownItem_-1"`, an option that does not exist, on an
 * element that may not carry the attribute (aria-allowed-attr, aria-valid-attr-value), so it is
 * left out; an InputSwitch nests its `role="switch"` input in a `role="checkbox"` div, which is made
 * a plain wrapper. Pass them as `pt` to a bare Dropdown or InputSwitch.
 */
export const DROPDOWN_PT: DropdownPassThroughOptions = { trigger: { 'aria-hidden': true }, root: { 'aria-activedescendant': undefined } };
export const SWITCH_PT: InputSwitchPassThroughOptions = { root: { role: undefined, 'aria-checked': undefined } };

export interface Option<V = string> {
  label: string;
  value: V;
}

export function SelectField<T extends FieldValues>({ disabled, options, filter, placeholder, ...frame }: BaseProps<T> & { options: Option<unknown>[]; filter?: boolean; placeholder?: string }) {
  return (
    <FramedField
      {...frame}
      render={({ id, field, error, describedBy }) => (
        <Dropdown
          inputId={id}
          disabled={disabled}
          options={options}
          optionLabel="label"
          optionValue="value"
          filter={filter}
          placeholder={placeholder}
          pt={DROPDOWN_PT}
          value={field.value}
          onChange={(e) => field.onChange(e.value)}
          onBlur={field.onBlur}
          invalid={!!error}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

export function MultiSelectField<T extends FieldValues>({ disabled, options, ...frame }: BaseProps<T> & { options: Option[] }) {
  return (
    <FramedField
      {...frame}
      render={({ id, field, error }) => (
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
      )}
    />
  );
}

export function SwitchField<T extends FieldValues>({ disabled, ...frame }: BaseProps<T>) {
  return (
    <FramedField
      {...frame}
      inline
      render={({ id, field }) => <InputSwitch inputId={id} disabled={disabled} checked={!!field.value} onChange={(e) => field.onChange(!!e.value)} pt={SWITCH_PT} />}
    />
  );
}

/**
 * What a number out of the field's range is told at once, in the member's language, with the
 * contract's own words (`intBetween`): "must be at most 99". The field keeps what was typed.
 */
export function rangeIssue(value: unknown, min?: number, max?: number): string | undefined {
  if (typeof value !== 'number') return undefined;
  if (max !== undefined && value > max) return issueMessage({ code: 'tooLarge', message: `must be at most ${max}`, params: { max } });
  if (min !== undefined && value < min) return issueMessage({ code: 'tooSmall', message: `must be at least ${min}`, params: { min } });
  return undefined;
}

/**
 * A whole number in a range. PrimeReact's InputNumber would clamp a number past `min`/`max` on
 * leaving the field (6000 adults silently became 99): the field is given neither bound, keeps
 * what was typed and says the bound under it at once, as the contract refuses it on sending. A
 * field whose range has no negatives still takes no minus (its `min` is passed as 0).
 */
export function NumberField<T extends FieldValues>({ disabled, min, max, suffix, maxFractionDigits, ...frame }: BaseProps<T> & { min?: number; max?: number; suffix?: string; maxFractionDigits?: number }) {
  return (
    <FramedField
      {...frame}
      check={(value) => rangeIssue(value, min, max)}
      render={({ id, field, error, describedBy }) => (
        <InputNumber
          inputId={id}
          disabled={disabled}
          min={min !== undefined && min >= 0 ? 0 : min}
          aria-valuemin={min}
          aria-valuemax={max}
          suffix={suffix}
          useGrouping={false}
          maxFractionDigits={maxFractionDigits}
          value={(field.value as number | null | undefined) ?? null}
          // PrimeReact reports a typed number on each key (onChange) but commits it only on blur
          // (onValueChange): both, so the form knows it changed (a dialog asks before discarding it).
          onChange={(e) => field.onChange(e.value ?? undefined)}
          onValueChange={(e) => field.onChange(e.value ?? undefined)}
          onBlur={field.onBlur}
          invalid={!!error}
          aria-invalid={!!error}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

export function ChipsField<T extends FieldValues>({ disabled, ...frame }: BaseProps<T>) {
  return (
    <FramedField
      {...frame}
      render={({ id, field }) => <Chips inputId={id} disabled={disabled} value={(field.value as string[] | undefined) ?? []} onChange={(e) => field.onChange(e.value ?? [])} separator="," />}
    />
  );
}

/** What a {@link FramedField} hands its control: the id to use, the field, and its message wiring. */
export interface FramedControl<T extends FieldValues> {
  id: string;
  field: ControllerRenderProps<T, FieldPath<T>>;
  /** The message under the field ("Name is required"), if any. */
  error?: string;
  describedBy?: string;
}

/**
 * A react-hook-form field of any control: the label, the hint and the validation message around
 * what `render` draws (`check`: a message the value earns as it is typed; `inline`: the label after the control, for a switch; `bare`: the control
 * draws its own frame, e.g. a fieldset of radio buttons). Every field of this file is one.
 */
export function FramedField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  inline,
  bare,
  render,
  check,
}: Omit<BaseProps<T>, 'disabled'> & { inline?: boolean; bare?: boolean; render: (c: FramedControl<T>) => ReactNode; check?: (value: unknown) => string | undefined }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        // `check`: what the field tells of its value at once, before the form is sent.
        const error = fieldMessage(label, fieldState.error?.message ?? check?.(field.value));
        const content = render({ id, field, error, describedBy: describedBy(id, error, hint) });
        return bare ? (
          <>{content}</>
        ) : (
          <FieldFrame id={id} label={label} error={error} hint={hint} inline={inline}>
            {content}
          </FieldFrame>
        );
      }}
    />
  );
}

/** The form field an issue is about: an item of a list field is the list (`services.0` → `services`). */
export const fieldOfPath = (path: string) => path.replace(/(\.\d+)+$/, '');

/** The form field a body path is shown under: renamed by `fieldOf` (`taxRate` → `taxPercent`), an item of a list field is the list. */
export function formFieldOf(path: string, fieldOf: Record<string, string> = {}) {
  const [head = '', ...rest] = path.split('.');
  return fieldOfPath([fieldOf[head] ?? head, ...rest].join('.'));
}

/**
 * Puts the server's per-field `issues` (400) under the fields they name, each in the member's
 * language (its code and parameters), the first per field (`fieldOf` as for `contractResolver`).
 */
export function applyServerIssues(error: unknown, setError: (name: never, e: { type: string; message: string }) => void, fieldOf: Record<string, string> = {}) {
  const issues = (error as { issues?: ApiIssue[] })?.issues;
  const seen = new Set<string>();
  for (const issue of issues ?? []) {
    const name = formFieldOf(issue.path, fieldOf);
    if (seen.has(name)) continue;
    seen.add(name);
    setError(name as never, { type: issue.code, message: issueMessage(issue) });
  }
}

/** A message about the whole form (react-hook-form's `errors.root`: an issue no field shows). */
export function FormError({ message }: { message?: string }) {
  return message ? (
    <p className="field-error" role="alert" style={{ margin: 0 }}>
      {message}
    </p>
  ) : null;
}
