import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import type { ListAnswer } from '../api/common/schemas';
import { FramedField, type BaseProps } from './form-fields';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query key: the resources' factories have their own tuples
type PickerQuery<D> = UseQueryOptions<D, Error, D, any>;

/** Where a picker's options come from: a server-side search and a look-up of the ids it holds. */
export interface RemotePickerSource<R extends { _id: string }, S = undefined> {
  /** The list call for a search text (`GET /regions?search=…`); the first page is offered. */
  search: (text: string) => PickerQuery<ListAnswer<R, S>>;
  /** The records of the held ids, so their names show before (or without) any search. */
  byIds: (ids: string[]) => PickerQuery<R[]>;
  /** The option's text (and the chip's). */
  label: (record: R) => string;
  /** A second, muted line in the option (a destination's region and country). */
  detail?: (record: R) => string | undefined;
}

export interface PickerCommonProps {
  /** The focusable element's id, for a `<label htmlFor>`. */
  inputId?: string;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** When no `<label>` names it. */
  ariaLabel?: string;
  ariaDescribedBy?: string;
  className?: string;
  style?: CSSProperties;
}

export interface MultiPickerProps extends PickerCommonProps {
  multiple: true;
  value: string[] | null | undefined;
  onChange: (ids: string[]) => void;
}

export interface SinglePickerProps extends PickerCommonProps {
  multiple?: false;
  value: string | null | undefined;
  onChange: (id: string | null) => void;
  /** Offer a clear button (default true). */
  clearable?: boolean;
}

export type PickerProps = MultiPickerProps | SinglePickerProps;

interface Option {
  value: string;
  label: string;
  detail?: string;
  /** What PrimeReact's own (client-side) filter compares: the typed text, so it keeps every server match. */
  match: string;
}

const SEARCH_DELAY_MS = 250;

/**
 * A select whose options are searched on the server (the list's `search`), in a multiple (chips)
 * or a single variant, controlled by `value`/`onChange` with ids. The held ids keep their names
 * whatever the search shows. Options load when the panel first opens.
 */
export function RemotePicker<R extends { _id: string }, S = undefined>({ source, ...props }: PickerProps & { source: RemotePickerSource<R, S> }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  /** The panel is on screen now (`opened`: it has been once, so results are fetched). */
  const [showing, setShowing] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const held = useMemo(() => (props.multiple ? (props.value ?? []) : props.value ? [props.value] : []), [props.multiple, props.value]);
  const results = useQuery({ ...source.search(search), enabled: opened });
  // Names already seen (in results or looked up) are kept, so a held id never shows bare.
  const known = useRef(new Map<string, R>());
  for (const r of results.data?.data ?? []) known.current.set(r._id, r);
  const unknownIds = held.filter((id) => !known.current.has(id));
  const lookedUp = useQuery({ ...source.byIds(unknownIds), enabled: unknownIds.length > 0 });
  for (const r of lookedUp.data ?? []) known.current.set(r._id, r);

  const toOption = (r: R): Option => ({ value: r._id, label: source.label(r), detail: source.detail?.(r), match: typed });
  const found = results.data?.data ?? [];
  const foundIds = new Set(found.map((r) => r._id));
  const options: Option[] = [
    // Held records the current search does not show stay first, so their chips keep their names.
    ...held
      .filter((id) => !foundIds.has(id))
      .map((id) => {
        const r = known.current.get(id);
        return r ? toOption(r) : { value: id, label: lookedUp.isFetching ? '…' : t('pickers.unknown'), match: typed };
      }),
    ...found.map(toOption),
  ];
  const loading = results.isFetching || lookedUp.isFetching || typed.trim() !== search;

  const itemTemplate = (o: Option) => (
    <span className="picker-option">
      <span>{o.label}</span>
      {o.detail && <small className="muted">{o.detail}</small>}
    </span>
  );
  const common = {
    inputId: props.inputId,
    options,
    optionLabel: 'label',
    optionValue: 'value',
    filter: true,
    filterBy: 'match',
    // PrimeReact's filter text and the search must start empty together on every opening.
    resetFilterOnHide: true,
    filterPlaceholder: t('pickers.search'),
    emptyFilterMessage: loading ? t('shell.loading') : t('pickers.noResults'),
    emptyMessage: loading ? t('shell.loading') : t('pickers.noResults'),
    itemTemplate,
    // PrimeReact ignores clicks on a loading select: only an open panel shows it, so a picker closed
    // while its search settles (a quarter of a second) opens at the next click.
    loading: showing && loading,
    disabled: props.disabled,
    invalid: props.invalid,
    placeholder: props.placeholder,
    className: props.className,
    style: props.style,
    'aria-label': props.ariaLabel,
    'aria-describedby': props.ariaDescribedBy,
    onShow: () => {
      setOpened(true);
      setShowing(true);
    },
    onHide: () => {
      setShowing(false);
      setTyped('');
    },
  };

  if (props.multiple) {
    return (
      <MultiSelect
        {...common}
        value={props.value ?? []}
        display="chip"
        // "Select all" would mean the first page of one search: left out.
        showSelectAll={false}
        onFilter={(e) => setTyped(e.filter)}
        onChange={(e) => props.onChange((e.value as string[]) ?? [])}
      />
    );
  }
  return (
    <Dropdown
      {...common}
      value={props.value ?? null}
      showClear={props.clearable !== false && !!props.value}
      onFilter={(e) => setTyped(e.filter)}
      onChange={(e) => props.onChange((e.value as string | undefined) ?? null)}
    />
  );
}

/**
 * A {@link RemotePicker} bound to a react-hook-form field (ids: `string[]` when `multiple`, else
 * `string | null`), with the label and the validation message the other fields have.
 */
export function RemotePickerField<T extends FieldValues, R extends { _id: string }, S = undefined>({
  disabled,
  multiple,
  placeholder,
  source,
  ...props
}: BaseProps<T> & { multiple?: boolean; placeholder?: string; source: RemotePickerSource<R, S> }) {
  return (
    <FramedField
      {...props}
      render={({ id, field, error, describedBy }) => {
        const common = { inputId: id, disabled, placeholder, invalid: !!error, ariaDescribedBy: describedBy, source };
        return multiple ? (
          <RemotePicker {...common} multiple value={field.value as string[] | undefined} onChange={(ids) => field.onChange(ids)} />
        ) : (
          <RemotePicker {...common} value={field.value as string | null | undefined} onChange={(v) => field.onChange(v)} />
        );
      }}
    />
  );
}
