import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { MAX_PAGE_SIZE } from '../../api/common/schemas';
import { useContactGroups, useContacts, type ContactsParams } from '../../api/contacts/get-contacts';
import type { Contact } from '../../api/contacts/contract';
import { DestinationPicker, RegionPicker } from '../../ui/catalogue-pickers';
import { DROPDOWN_PT } from '../../ui/form-fields';
import { ReachLine, RecordCard } from '../../ui/record-card';
import { useOrgFormatters } from '../../ui/org-format';
import { emptyTexts, DateRangeFilter, ListPage, toQuery, useListState, type FilterParamKind, type FilterValue, type ListColumn, listProps } from '../../ui/list-page';
import { modulePath } from '../../ui/module-paths';

/** The contacts list keeps its filters as address parameters in the server's format (`regions=…&query[from]=…&group=…`). */
const CONTACT_FILTER_PARAMS: Record<string, FilterParamKind> = { query: 'object', regions: 'list', destinations: 'list', group: 'text' };

const list = (v: FilterValue) => (Array.isArray(v) ? v : []);
const names = (items: { name: string }[]) => items.map((x) => x.name).join(', ');

/** `/contacts/groups`, the groups' screen. */
export const contactGroupsPath = () => `${modulePath('contacts')}/groups`;

/** `/contacts`: the people behind leads, once per phone or email, by region, destination, enquiry day and group. */
export function ContactsPage() {
  const { t } = useTranslation();
  const fmt = useOrgFormatters();
  const [state, setState, setFilter] = useListState({ sortBy: 'name', sortOrder: 'asc', filterParams: CONTACT_FILTER_PARAMS });
  const query = useContacts(toQuery(state) as ContactsParams);
  const groups = useContactGroups({ limit: MAX_PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' });

  const columns = useMemo<ListColumn<Contact>[]>(
    () => [
      { field: '_id', header: t('contacts.fields.id'), hiddenByDefault: true },
      { field: 'name', header: t('contacts.fields.name'), sortable: true },
      { field: 'phone', header: t('contacts.fields.phone'), body: (c) => (c.phone ? <a href={`tel:${c.phone}`} dir="ltr" style={{ whiteSpace: 'nowrap' }}>{c.phone}</a> : '') },
      { field: 'email', header: t('contacts.fields.email'), body: (c) => (c.email ? <a href={`mailto:${c.email}`} dir="ltr">{c.email}</a> : '') },
      { field: 'leadCount', header: t('contacts.fields.leadCount'), body: (c) => fmt.number(c.leadCount) },
      { field: 'lastQueryDate', header: t('contacts.fields.lastQueryDate'), sortable: true, body: (c) => fmt.date(c.lastQueryDate) },
      { field: 'regions', header: t('contacts.fields.regions'), body: (c) => names(c.regions) },
      { field: 'destinations', header: t('contacts.fields.destinations'), body: (c) => names(c.destinations) },
      { field: 'createdAt', header: t('contacts.fields.createdAt'), sortable: true, hiddenByDefault: true, body: (c) => fmt.dateTime(c.createdAt) },
    ],
    [t, fmt],
  );

  const groupOptions = [{ value: '', label: t('list.any') }, ...(groups.data?.data ?? []).map((g) => ({ value: g._id, label: g.name }))];

  return (
    <ListPage<Contact>
      id="contacts"
      title={t('contacts.title')}
      actions={
        <Link to={contactGroupsPath()} className="p-button p-button-outlined">
          <i className="pi pi-users" aria-hidden="true" style={{ marginInlineEnd: '0.5rem' }} />
          {t('contacts.groups.title')}
        </Link>
      }
      columns={columns}
      {...listProps(state, setState, query)}
      empty={emptyTexts(t, 'contacts.empty')}
      defaultLayout="table"
      renderCard={(c) => (
        <RecordCard name={c.name} data={{ 'data-contact': c.name }}>
          <ReachLine phone={c.phone} email={c.email} />
          <div className="muted">{t('contacts.leadCount', { count: c.leadCount })}</div>
          {c.destinations.length > 0 && <div>{names(c.destinations)}</div>}
        </RecordCard>
      )}
      filterPanel={
        <>
          <DateRangeFilter label={t('contacts.fields.queryRange')} value={state.filters.query} onChange={(range) => setFilter('query', range)} />
          <div className="field">
            <label htmlFor="f-contact-regions">{t('contacts.fields.regions')}</label>
            <RegionPicker inputId="f-contact-regions" multiple value={list(state.filters.regions)} onChange={(ids) => setFilter('regions', ids)} />
          </div>
          <div className="field">
            <label htmlFor="f-contact-destinations">{t('contacts.fields.destinations')}</label>
            <DestinationPicker inputId="f-contact-destinations" multiple regions={list(state.filters.regions)} value={list(state.filters.destinations)} onChange={(ids) => setFilter('destinations', ids)} />
          </div>
          <div className="field">
            <label htmlFor="f-contact-group">{t('contacts.fields.group')}</label>
            <Dropdown
              inputId="f-contact-group"
              value={typeof state.filters.group === 'string' ? state.filters.group : ''}
              options={groupOptions}
              optionLabel="label"
              optionValue="value"
              filter
              pt={DROPDOWN_PT}
              onChange={(e) => setFilter('group', (e.value as string) || undefined)}
            />
          </div>
        </>
      }
    />
  );
}
