import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { toast } from 'sonner';
import { useContacts } from '../../api/contacts/get-contacts';
import { useCreateContactGroup, useUpdateContactGroup } from '../../api/contacts/save-contact-group';
import { createContactGroupInput, type Contact, type ContactGroup, type CreateContactGroupInput } from '../../api/contacts/contract';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, TextAreaField, TextField } from '../../ui/form-fields';

const CHOOSER_PAGE_SIZE = 10;

/**
 * Contacts searched on the server, a page at a time, ticked in or out of a set of ids that
 * survives paging and searching (a group may hold thousands).
 */
function ContactChooser({ chosen, onChange }: { chosen: Set<string>; onChange: (next: Set<string>) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // One search per pause in typing, not per key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const contacts = useContacts({ search: search || undefined, page, limit: CHOOSER_PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' });
  // The table's cells re-render only for new row objects: the choice is part of the row.
  const rows = useMemo(() => (contacts.data?.data ?? []).map((c) => ({ ...c, chosen: chosen.has(c._id) })), [contacts.data, chosen]);
  const meta = contacts.data?.meta;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <fieldset className="stack" style={{ border: '1px solid var(--surface-border)', borderRadius: 8, padding: '0.75rem 1rem 1rem', margin: 0, gap: '0.5rem' }}>
      <legend style={{ fontWeight: 600, padding: '0 0.35rem' }}>{t('contacts.groups.chooseContacts')}</legend>
      <div className="row">
        <InputText
          type="search"
          aria-label={t('contacts.groups.searchContacts')}
          placeholder={t('contacts.groups.searchContacts')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="grow"
        />
        <span className="muted" role="status" data-testid="chosen-count">
          {t('contacts.groups.chosen', { count: chosen.size })}
        </span>
      </div>
      <DataTable
        value={rows}
        dataKey="_id"
        lazy
        size="small"
        loading={contacts.isFetching}
        paginator={!!meta && meta.totalItems > CHOOSER_PAGE_SIZE}
        rows={CHOOSER_PAGE_SIZE}
        first={((meta?.currentPage ?? 1) - 1) * CHOOSER_PAGE_SIZE}
        totalRecords={meta?.totalItems ?? 0}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        emptyMessage={t('list.empty')}
        data-testid="contact-chooser"
      >
        {/* A plain checkbox per row: the table's own selection column nests a checkbox role in a checkbox role. */}
        <Column
          header={t('contacts.groups.inGroup')}
          headerStyle={{ width: '6rem' }}
          body={(c: Contact & { chosen: boolean }) => (
            <Checkbox
              inputId={`choose-${c._id}`}
              aria-label={t('contacts.groups.choose', { name: c.name })}
              checked={c.chosen}
              onChange={(e) => toggle(c._id, !!e.checked)}
            />
          )}
        />
        <Column field="name" header={t('contacts.fields.name')} />
        <Column field="phone" header={t('contacts.fields.phone')} body={(c: Contact) => <span dir="ltr">{c.phone}</span>} />
        <Column field="email" header={t('contacts.fields.email')} body={(c: Contact) => <span dir="ltr">{c.email}</span>} />
      </DataTable>
    </fieldset>
  );
}

interface GroupValues {
  name: string;
  description: string;
}

/** Create or edit a contact group: a name, a description, and the contacts in it. */
export function ContactGroupDialog({ group, onClose }: { group?: ContactGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateContactGroup();
  const update = useUpdateContactGroup();
  const [chosen, setChosen] = useState(() => new Set(group?.contactIds ?? []));
  const initial = group?.contactIds ?? [];
  const { control, handleSubmit, setError, formState } = useForm<GroupValues, unknown, CreateContactGroupInput>({
    // The ticked contacts are part of the body the contract checks.
    resolver: contractResolver(createContactGroupInput, { toInput: (values: GroupValues) => ({ ...values, contactIds: [...chosen] }) }),
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '' },
  });
  const contactsChanged = chosen.size !== initial.length || initial.some((id) => !chosen.has(id));
  const submit = handleSubmit(async (input) => {
    try {
      if (group) await update.mutateAsync({ id: group._id, input });
      else await create.mutateAsync(input);
      toast.success(t(group ? 'contacts.groups.updated' : 'contacts.groups.created'));
      onClose();
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });
  return (
    <FormDialog id="contact-group-form" header={t(group ? 'contacts.groups.edit' : 'contacts.groups.new')} onClose={onClose} onSubmit={submit} submitting={formState.isSubmitting} dirty={formState.isDirty || contactsChanged} error={formState.errors.root?.message}>
      <TextField control={control} name="name" label={t('contacts.groups.name')} autoComplete="off" />
      <TextAreaField control={control} name="description" label={t('contacts.groups.description')} />
      <ContactChooser chosen={chosen} onChange={setChosen} />
    </FormDialog>
  );
}
