import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import type { ImportTemplate } from '../../api/common/import';
import type { Deleted, ListParams, ListResource } from '../../api/common/resource';
import type { ListAnswer } from '../../api/common/schemas';
import type { ModuleKey } from '../../api/permissions';
import { useCan } from '../../ui/auth';
import { ImportDialog, type ImportWords } from '../../ui/import-dialog';
import { emptyState, ListPage, toQuery, useListState, type FilterValue, type ListColumn, type ListState } from '../../ui/list-page';
import { RecordActions } from '../../ui/record-actions';

/** The props of a resource's create/edit dialog: no record means "new". */
export interface RecordFormProps<T> {
  record?: T;
  onClose: () => void;
}

export interface CatalogueScreenProps<T extends { _id: string }, S> {
  /** The permission module, the list's id (remembered layout and columns) and the test ids. */
  module: ModuleKey;
  resource: ListResource<T, ListParams, S>;
  title: string;
  newLabel: string;
  /** The record's name in confirmations and screen-reader labels. */
  nameOf: (record: T) => string;
  defaultSort: { sortBy: string; sortOrder: 'asc' | 'desc' };
  /** The columns; the screen adds the row actions last. */
  columns: ListColumn<T>[];
  /** The header above the list (counts; tiles may filter the list). */
  above?: (answer: ListAnswer<T, S> | undefined, filters: ListState['filters'], setFilter: (key: string, value: FilterValue) => void) => ReactNode;
  filters?: (filters: ListState['filters'], setFilter: (key: string, value: FilterValue) => void) => ReactNode;
  /** A card per record (offered beside the table); `actions` are the record's edit and delete buttons. */
  card?: (record: T, actions: ReactNode) => ReactNode;
  defaultLayout?: 'card' | 'table';
  sortOptions?: { field: string; label: string }[];
  Form: ComponentType<RecordFormProps<T>>;
  /** The toast after a deletion: the server's message where the seed says so. */
  deletedMessage: (answer: Deleted<T>) => string;
  /** `words`: labels of import fields the columns do not show, and how values read (the columns' headers name the rest). */
  importing?: { label: string; fromCsv: (text: string) => { rows: unknown[] }; template: ImportTemplate; hint?: string; doneMessage: string; words?: Partial<ImportWords> };
  /** Something under way that the whole list should show as busy (the seed's loading flags). */
  busy?: boolean;
}

function RowActions<T extends { _id: string }>({ record, screen, onEdit }: { record: T; screen: CatalogueScreenProps<T, unknown>; onEdit: (r: T) => void }) {
  const can = useCan();
  const remove = screen.resource.useDelete();
  const onDelete = async () => {
    try {
      toast.success(screen.deletedMessage(await remove.mutateAsync(record._id)));
    } catch {
      /* the client toasted the server's message (e.g. 409: still used by hotels) */
    }
  };
  return (
    <RecordActions
      name={screen.nameOf(record)}
      onEdit={can(screen.module, 'update') ? () => onEdit(record) : undefined}
      onDelete={can(screen.module, 'delete') ? onDelete : undefined}
      deleting={remove.isPending}
    />
  );
}

/**
 * The screen of one catalogue resource, on the shared list scaffold: server-side paging, search,
 * filters and sort in the address; cards and/or a table with a column chooser; create and edit in
 * a dialog; delete with a confirmation; import from CSV or JSON with a per-row report.
 */
export function CatalogueScreen<T extends { _id: string }, S>(props: CatalogueScreenProps<T, S>) {
  const { t } = useTranslation();
  const can = useCan();
  const [state, setState, setFilter] = useListState(props.defaultSort);
  const query = props.resource.useList(toQuery(state) as ListParams);
  const importer = props.resource.useImport();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const screen = props as CatalogueScreenProps<T, unknown>;

  const columns = useMemo<ListColumn<T>[]>(
    () => [...props.columns, { field: 'actions', header: t('records.actions'), body: (r) => <RowActions record={r} screen={screen} onEdit={setEditing} /> }],
    [props.columns, t],
  );
  const canCreate = can(props.module, 'create');
  const createButtons = canCreate && (
    <span className="row">
      {props.importing && <Button type="button" outlined icon="pi pi-upload" label={props.importing.label} onClick={() => setImportOpen(true)} />}
      <Button type="button" icon="pi pi-plus" label={props.newLabel} onClick={() => setEditing('new')} />
    </span>
  );

  return (
    <>
      <ListPage<T>
        id={props.module}
        title={props.title}
        actions={createButtons}
        above={props.above?.(query.data, state.filters, setFilter)}
        columns={columns}
        state={state}
        onChange={setState}
        answer={query.data}
        loading={query.isFetching || !!props.busy}
        renderCard={props.card ? (r) => props.card!(r, <RowActions record={r} screen={screen} onEdit={setEditing} />) : undefined}
        defaultLayout={props.defaultLayout}
        sortOptions={props.sortOptions}
        onOpen={can(props.module, 'update') ? setEditing : undefined}
        empty={emptyState(t, `${props.module}.empty`, canCreate && { buttons: createButtons, label: props.newLabel, importLabel: props.importing?.label })}
        filterPanel={props.filters?.(state.filters, setFilter)}
      />
      {editing && <props.Form record={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {importOpen && props.importing && (
        <ImportDialog
          title={props.importing.label}
          module={props.module}
          fromCsv={props.importing.fromCsv}
          template={props.importing.template}
          hint={props.importing.hint}
          run={(file, options) => importer.mutateAsync({ file, options })}
          words={{
            fields: { ...Object.fromEntries(props.columns.map((c) => [c.field, c.header])), ...props.importing.words?.fields },
            values: props.importing.words?.values,
          }}
          successMessage={props.importing.doneMessage}
          onClose={() => setImportOpen(false)}
        />
      )}
    </>
  );
}
