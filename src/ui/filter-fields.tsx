import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import type { FilterValue } from './list-page';
import type { Option } from './form-fields';

/** One filter of a list's filter panel: its label and its control (whose focusable element has `id`). */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** A filter matching any of the chosen values (chips): stars, categories, statuses… (`filter`: a search box over long lists). */
export function MultiSelectFilter({
  id,
  label,
  value,
  options,
  placeholder,
  filter = false,
  onChange,
}: {
  id: string;
  label: string;
  value: FilterValue;
  options: Option[];
  placeholder?: string;
  filter?: boolean;
  onChange: (values: string[]) => void;
}) {
  return (
    <FilterField id={id} label={label}>
      <MultiSelect
        inputId={id}
        value={Array.isArray(value) ? value : []}
        options={options}
        optionLabel="label"
        optionValue="value"
        display="chip"
        filter={filter}
        placeholder={placeholder}
        onChange={(e) => onChange((e.value as string[]) ?? [])}
      />
    </FilterField>
  );
}

/** A yes/no filter with "any" (undefined): published, active… */
export function BooleanFilter({ id, label, value, yes, no, onChange }: { id: string; label: string; value: FilterValue; yes: string; no: string; onChange: (value: boolean | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <FilterField id={id} label={label}>
      <Dropdown
        inputId={id}
        value={typeof value === 'boolean' ? String(value) : 'any'}
        options={[
          { value: 'any', label: t('list.any') },
          { value: 'true', label: yes },
          { value: 'false', label: no },
        ]}
        optionLabel="label"
        optionValue="value"
        onChange={(e) => onChange(e.value === 'any' ? undefined : e.value === 'true')}
      />
    </FilterField>
  );
}
