import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { useContactGroups } from '../../api/contacts/get-contacts';
import { useDeleteContactGroup } from '../../api/contacts/save-contact-group';
import type { ContactGroup } from '../../api/contacts/contract';
import { useCan } from '../../ui/auth';
import { useOrgFormatters } from '../../ui/org-format';
import { emptyState, ListPage, toQuery, useListState, type ListColumn, listProps } from '../../ui/list-page';
import { BackLink } from '../../ui/placeholders';
import { modulePath } from '../../ui/module-paths';
import { RecordActions } from '../../ui/record-actions';
import { ContactGroupDialog } from './contact-group-dialog';

const groupContactsPath = (g: ContactGroup) => `${modulePath('contacts')}?group=${encodeURIComponent(g._id)}`;

function GroupActions({ group, onEdit }: { group: ContactGroup; onEdit: (g: ContactGroup) => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const remove = useDeleteContactGroup();
  const onDelete = async () => {
    try {
      await remove.mutateAsync(group._id);
      toast.success(t('contacts.groups.deleted'));
    } catch {
      /* the client toasted the server's message */
    }
  };
  return (
    <div className="row" style={{ flexWrap: 'nowrap' }}>
      <Link to={groupContactsPath(group)} className="p-button p-button-text p-button-sm" aria-label={`${t('contacts.groups.viewContacts')}: ${group.name}`}>
        <i className="pi pi-list" aria-hidden="true" />
      </Link>
      <RecordActions
        name={group.name}
        onEdit={can('contacts', 'update') ? () => onEdit(group) : undefined}
        onDelete={can('contacts', 'delete') ? onDelete : undefined}
        deleting={remove.isPending}
      />
    </div>
  );
}

/** `/contacts/groups`: contact groups, searched, created, edited (with their contacts) and deleted. */
export function ContactGroupsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useOrgFormatters();
  const [state, setState] = useListState({ sortBy: 'name', sortOrder: 'asc' });
  const query = useContactGroups(toQuery(state));
  const [editing, setEditing] = useState<ContactGroup | 'new'>();

  const columns = useMemo<ListColumn<ContactGroup>[]>(
    () => [
      { field: '_id', header: t('contacts.fields.id'), hiddenByDefault: true },
      { field: 'name', header: t('contacts.groups.name'), sortable: true },
      { field: 'description', header: t('contacts.groups.description') },
      { field: 'contactCount', header: t('contacts.groups.contactCount'), body: (g) => fmt.number(g.contactCount) },
      { field: 'createdAt', header: t('contacts.fields.createdAt'), sortable: true, hiddenByDefault: true, body: (g) => fmt.dateTime(g.createdAt) },
      { field: 'actions', header: t('records.actions'), body: (g) => <GroupActions group={g} onEdit={setEditing} /> },
    ],
    [t, fmt],
  );

  const createButton = can('contacts', 'create') && <Button type="button" icon="pi pi-plus" label={t('contacts.groups.new')} onClick={() => setEditing('new')} />;

  return (
    <div className="stack">
      <BackLink to={modulePath('contacts')} label={t('contacts.back')} />
      <ListPage<ContactGroup>
        id="contact-groups"
        title={t('contacts.groups.title')}
        actions={createButton}
        columns={columns}
        {...listProps(state, setState, query)}
        empty={emptyState(t, 'contacts.groups.empty', createButton && { buttons: createButton, label: t('contacts.groups.new') })}
      />
      {editing && <ContactGroupDialog group={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
