import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { DEPARTMENTS, EMPLOYMENT_STATUSES, type Member } from '../../api/admin/members/contract';
import { useMembers, type MembersParams } from '../../api/admin/members/get-members';
import { useCan } from '../../ui/auth';
import { useOrgFormatters } from '../../ui/org-format';
import { BooleanFilter, MultiSelectFilter } from '../../ui/filter-fields';
import { DateRangeFilter, emptyState, ListPage, toQuery, useListState, type ListColumn, listProps } from '../../ui/list-page';
import { initials } from '../../ui/member-menu';
import { StatusTag } from '../../ui/status-tag';
import { MemberFormDialog } from './member-form-dialog';

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

export function MembersPage() {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useOrgFormatters();
  const [state, setState, setFilter] = useListState({ sortBy: 'name' });
  const query = useMembers(toQuery(state) as MembersParams);
  const [editing, setEditing] = useState<Member | 'new' | null>(null);
  const salesOnly = Array.isArray(state.filters.department) && state.filters.department.length === 1 && state.filters.department[0] === 'sales';

  const statusOptions = EMPLOYMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${camel(s)}`) }));
  const departmentOptions = DEPARTMENTS.map((d) => ({ value: d, label: t(`members.departments.${d}`) }));

  const columns = useMemo<ListColumn<Member>[]>(
    () => [
      { field: '_id', header: t('members.id'), hiddenByDefault: true },
      { field: 'name', header: t('members.name'), sortable: true },
      { field: 'email', header: t('members.email'), sortable: true },
      { field: 'phone', header: t('members.phone') },
      { field: 'department', header: t('members.department'), sortable: true, body: (m) => t(`members.departments.${m.department}`) },
      { field: 'roleName', header: t('members.role') },
      { field: 'employmentStatus', header: t('members.employmentStatus'), body: (m) => <StatusTag status={m.employmentStatus} /> },
      { field: 'joiningDate', header: t('members.joiningDate'), sortable: true, body: (m) => fmt.date(m.joiningDate) },
      { field: 'exitDate', header: t('members.exitDate'), hiddenByDefault: true, body: (m) => fmt.date(m.exitDate) },
      { field: 'isActive', header: t('members.isActive'), body: (m) => <StatusTag status={m.isActive ? 'active' : 'inactive'} /> },
    ],
    [t, fmt],
  );

  const createButton = can('members', 'create') && <Button type="button" icon="pi pi-plus" label={t('members.newMember')} onClick={() => setEditing('new')} />;

  return (
    <>
      <ListPage<Member>
        id="members"
        title={t('members.title')}
        actions={createButton}
        empty={emptyState(t, 'members.empty', createButton && { buttons: createButton, label: t('members.newMember') })}
        above={
          <SelectButton
            aria-label={t('members.title')}
            value={salesOnly ? 'sales' : 'all'}
            allowEmpty={false}
            onChange={(e) => setFilter('department', e.value === 'sales' ? ['sales'] : undefined)}
            options={[
              { value: 'all', label: t('members.allMembers') },
              { value: 'sales', label: t('members.salesList') },
            ]}
          />
        }
        columns={columns}
        {...listProps(state, setState, query)}
        defaultLayout="card"
        onOpen={can('members', 'update') ? (m) => setEditing(m) : undefined}
        renderCard={(m) => (
          <button type="button" className="card record-card" style={{ width: '100%' }} onClick={() => can('members', 'update') && setEditing(m)} aria-label={`${m.name}, ${m.email}`}>
            <div className="row" style={{ flexWrap: 'nowrap' }}>
              <span className="avatar" aria-hidden="true">{initials(m.name)}</span>
              <div className="grow" style={{ minWidth: 0 }}>
                <div className="record-card__title">{m.name}</div>
                <div className="muted" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{m.email}</div>
              </div>
            </div>
            <div className="row">
              <StatusTag status={m.employmentStatus} />
              {!m.isActive && <StatusTag status="inactive" />}
            </div>
            <div className="muted">
              {t(`members.departments.${m.department}`)} · {m.roleName}
            </div>
            {m.joiningDate && <div className="muted">{t('members.joiningDate')}: {fmt.date(m.joiningDate)}</div>}
          </button>
        )}
        filterPanel={
          <>
            <MultiSelectFilter id="f-status" label={t('members.employmentStatus')} value={state.filters.employmentStatus} options={statusOptions} onChange={(v) => setFilter('employmentStatus', v)} />
            <MultiSelectFilter id="f-dept" label={t('members.department')} value={state.filters.department} options={departmentOptions} onChange={(v) => setFilter('department', v)} />
            <BooleanFilter id="f-active" label={t('members.isActive')} value={state.filters.isActive} yes={t('status.active')} no={t('status.inactive')} onChange={(v) => setFilter('isActive', v)} />
            <DateRangeFilter label={t('members.joiningDate')} value={state.filters.joiningDate} onChange={(v) => setFilter('joiningDate', v)} />
            <DateRangeFilter label={t('members.exitDate')} value={state.filters.exitDate} onChange={(v) => setFilter('exitDate', v)} />
          </>
        }
      />
      {editing && <MemberFormDialog member={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
