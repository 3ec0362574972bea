import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { DEPARTMENTS, EMPLOYMENT_STATUSES, type Member } from '../../api/admin/members/contract';
import { useMembers, type MembersParams } from '../../api/admin/members/get-members';
import { useAuth, useCan } from '../../ui/auth';
import { useFormatters } from '../../ui/format';
import { ListPage, toQuery, useListState, type FilterValue, type ListColumn } from '../../ui/list-page';
import { initials } from '../../ui/member-menu';
import { StatusTag } from '../../ui/status-tag';
import { MemberFormDialog } from './member-form-dialog';

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function RangeFilter({ label, value, onChange }: { label: string; value: FilterValue; onChange: (v: { from?: string; to?: string }) => void }) {
  const { t } = useTranslation();
  const range = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as { from?: string; to?: string };
  return (
    <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 500, marginBottom: 4 }}>{label}</legend>
      <div className="row" style={{ flexWrap: 'nowrap' }}>
        <InputText type="date" aria-label={`${label}: ${t('list.from')}`} value={range.from ?? ''} onChange={(e) => onChange({ ...range, from: e.target.value || undefined })} style={{ minWidth: 0, flex: 1 }} />
        <InputText type="date" aria-label={`${label}: ${t('list.to')}`} value={range.to ?? ''} onChange={(e) => onChange({ ...range, to: e.target.value || undefined })} style={{ minWidth: 0, flex: 1 }} />
      </div>
    </fieldset>
  );
}

export function MembersPage() {
  const { t } = useTranslation();
  const { organization } = useAuth();
  const can = useCan();
  const fmt = useFormatters({ timeZone: organization.timeZone });
  const [state, setState] = useListState({ sortBy: 'name' });
  const query = useMembers(toQuery(state) as MembersParams);
  const [editing, setEditing] = useState<Member | 'new' | null>(null);
  const salesOnly = Array.isArray(state.filters.department) && state.filters.department.length === 1 && state.filters.department[0] === 'sales';

  const statusOptions = EMPLOYMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${camel(s)}`) }));
  const departmentOptions = DEPARTMENTS.map((d) => ({ value: d, label: t(`members.departments.${d}`) }));
  const setFilter = (key: string, value: FilterValue) => setState({ filters: { ...state.filters, [key]: value } });

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

  return (
    <>
      <ListPage<Member>
        id="members"
        title={t('members.title')}
        actions={can('members', 'create') && <Button type="button" icon="pi pi-plus" label={t('members.newMember')} onClick={() => setEditing('new')} />}
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
        state={state}
        onChange={setState}
        answer={query.data}
        loading={query.isFetching}
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
            <div className="field">
              <label htmlFor="f-status">{t('members.employmentStatus')}</label>
              <MultiSelect inputId="f-status" value={state.filters.employmentStatus ?? []} options={statusOptions} optionLabel="label" optionValue="value" display="chip" onChange={(e) => setFilter('employmentStatus', e.value)} />
            </div>
            <div className="field">
              <label htmlFor="f-dept">{t('members.department')}</label>
              <MultiSelect inputId="f-dept" value={state.filters.department ?? []} options={departmentOptions} optionLabel="label" optionValue="value" display="chip" onChange={(e) => setFilter('department', e.value)} />
            </div>
            <div className="field">
              <label htmlFor="f-active">{t('members.isActive')}</label>
              <Dropdown
                inputId="f-active"
                value={state.filters.isActive === undefined ? 'any' : String(state.filters.isActive)}
                options={[
                  { value: 'any', label: t('list.any') },
                  { value: 'true', label: t('status.active') },
                  { value: 'false', label: t('status.inactive') },
                ]}
                optionLabel="label"
                optionValue="value"
                onChange={(e) => setFilter('isActive', e.value === 'any' ? undefined : e.value === 'true')}
              />
            </div>
            <RangeFilter label={t('members.joiningDate')} value={state.filters.joiningDate} onChange={(v) => setFilter('joiningDate', v)} />
            <RangeFilter label={t('members.exitDate')} value={state.filters.exitDate} onChange={(v) => setFilter('exitDate', v)} />
          </>
        }
      />
      {editing && <MemberFormDialog member={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
