import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type * as v from 'valibot';
import { useAuth } from '../../ui/auth';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues } from '../../ui/form-fields';
import { MoneyField } from '../../ui/money-field';
import { Money } from './parts';

export interface InPlaceMoneyProps {
  /** The amount on record (minor units), or null for none. */
  value: number | null;
  /** What the amount is ("Income target", "Lina's salary"): the field's label and the buttons' names. */
  label: string;
  /** Shown for no amount. */
  emptyText: string;
  /** The words of the button: to set one (none yet) and to change it. */
  setText: string;
  changeText: string;
  /** Their accessible names, naming what is set or changed ("Set the income target"). */
  setLabel: string;
  changeLabel: string;
  /** May the person set or change it (the permission for a POST or a PUT)? */
  editable: boolean;
  /** `{ amount }` as the contract checks it: the body's amount rule, so the field refuses what the server would. */
  schema: v.GenericSchema<{ amount?: number }, { amount: number }>;
  /** Sends it; a refusal with issues shows under the field, the client toasts the rest. */
  save: (amount: number) => Promise<unknown>;
  /** Names the cell for tests and tools (`data-in-place="income"`). */
  name: string;
}

/**
 * An amount edited where it is shown: the amount (or "—") with a button to set or change it; the
 * button opens the money field in place, Enter saves, Escape or Cancel leaves it as it was, and the
 * focus comes back to the button.
 */
export function InPlaceMoney(props: InPlaceMoneyProps) {
  const [editing, setEditing] = useState(false);
  const cell = useRef<HTMLSpanElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) cell.current?.querySelector('button')?.focus();
    wasEditing.current = editing;
  }, [editing]);
  if (editing) return <Editor {...props} onDone={() => setEditing(false)} />;
  const { value, emptyText, editable, setText, changeText, setLabel, changeLabel, name } = props;
  return (
    <span className="in-place" data-in-place={name} ref={cell}>
      <span className="in-place__value">{value === null ? <span className="muted">{emptyText}</span> : <Money minor={value} />}</span>
      {editable && (
        <Button
          type="button"
          text
          size="small"
          icon={value === null ? 'pi pi-plus' : 'pi pi-pencil'}
          label={value === null ? setText : changeText}
          aria-label={value === null ? setLabel : changeLabel}
          onClick={() => setEditing(true)}
        />
      )}
    </span>
  );
}

function Editor({ value, label, schema, save, name, onDone }: InPlaceMoneyProps & { onDone: () => void }) {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const form = useRef<HTMLFormElement>(null);
  const { control, handleSubmit, setError, formState } = useForm<{ amount?: number }, unknown, { amount: number }>({
    resolver: contractResolver(schema),
    defaultValues: { amount: value ?? undefined },
  });
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);
  const submit = handleSubmit(async ({ amount }) => {
    try {
      await save(amount);
      onDone();
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });
  return (
    <form
      ref={form}
      className="in-place-editor"
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onDone();
        }
      }}
      data-in-place-editor={name}
    >
      <MoneyField control={control} name="amount" label={label} currency={organization.currency} />
      <span className="row" style={{ gap: '0.25rem', flexWrap: 'nowrap' }}>
        <Button type="submit" size="small" icon="pi pi-check" label={t('shell.save')} loading={formState.isSubmitting} />
        <Button type="button" size="small" text icon="pi pi-times" label={t('shell.cancel')} onClick={onDone} />
      </span>
    </form>
  );
}
