import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Skeleton } from 'primereact/skeleton';
import { toast } from 'sonner';
import { ACTIONS, MODULE_KEYS, type Action, type ModuleKey, type Permissions, type Visibility } from '../../api/permissions';
import * as v from 'valibot';
import { createRoleInput, type Role } from '../../api/admin/roles/contract';
import { useRoles } from '../../api/admin/roles/get-roles';
import { useCreateRole, useUpdateRole } from '../../api/admin/roles/save-role';
import { useCan } from '../../ui/auth';
import { contractResolver } from '../../ui/form-resolver';
import { FormDialog } from '../../ui/form-dialog';
import { TextAreaField, TextField } from '../../ui/form-fields';

const newRoleInput = v.pick(createRoleInput, ['name', 'description']);
type NewRoleValues = v.InferOutput<typeof newRoleInput>;

function NewRoleDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (role: Role) => void }) {
  const { t } = useTranslation();
  const create = useCreateRole();
  const { control, handleSubmit, formState } = useForm<NewRoleValues, unknown, NewRoleValues>({
    resolver: contractResolver(newRoleInput),
    defaultValues: { name: '', description: '' },
  });
  const submit = handleSubmit(async (values) => {
    // A new role starts with no permissions; the matrix grants them next.
    const role = await create.mutateAsync({ ...values, permissions: {}, visibility: { leads: 'own', bookings: 'own' } }).catch(() => undefined);
    if (!role) return;
    toast.success(t('roles.created'));
    onCreated(role);
  });
  return (
    <FormDialog
      id="role-form"
      header={t('roles.newRole')}
      onClose={onClose}
      onSubmit={submit}
      formState={formState}
      submitLabel={t('form.create')}
      submitIcon="pi pi-plus"
      width={520}
    >
      <TextField control={control} name="name" label={t('roles.name')} />
      <TextAreaField control={control} name="description" label={t('roles.description')} />
    </FormDialog>
  );
}

/** One role's editor: name, description, visibility and the module × action permission matrix. */
export function RoleEditor({ role, readOnly }: { role: Role; readOnly: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateRole();
  const [name, setName] = useState(role.name);
  const [description, setDescription] = useState(role.description ?? '');
  const [permissions, setPermissions] = useState<Permissions>(role.permissions);
  const [visibility, setVisibility] = useState<Visibility>(role.visibility);
  const locked = role.isOwner || readOnly;

  useEffect(() => {
    setName(role.name);
    setDescription(role.description ?? '');
    setPermissions(role.permissions);
    setVisibility(role.visibility);
  }, [role]);

  const has = (m: ModuleKey, a: Action) => permissions[m]?.includes(a) ?? false;
  const toggle = (m: ModuleKey, a: Action, on: boolean) =>
    setPermissions((p) => {
      let next = new Set(p[m] ?? []);
      if (on) next.add(a);
      else next.delete(a);
      // Any other action without view makes no sense: it comes along, and goes with it.
      if (on && a !== 'view') next.add('view');
      if (!on && a === 'view') next = new Set();
      return { ...p, [m]: ACTIONS.filter((x) => next.has(x)) };
    });
  const toggleRow = (m: ModuleKey, on: boolean) => setPermissions((p) => ({ ...p, [m]: on ? [...ACTIONS] : [] }));

  async function save() {
    const input = role.isOwner
      ? { _id: role._id, version: role.version, name, description }
      : { _id: role._id, version: role.version, name, description, permissions, visibility };
    const saved = await update.mutateAsync(input).catch(() => undefined);
    if (saved) toast.success(t('roles.updated'));
  }

  const scopeOptions = [
    { value: 'own', label: t('roles.own') },
    { value: 'all', label: t('roles.all') },
  ];

  return (
    <div className="card stack" data-testid="role-editor">
      <div className="form-grid">
        <div className="field">
          <label htmlFor="role-name">{t('roles.name')}</label>
          <InputText id="role-name" value={name} disabled={readOnly} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="role-desc">{t('roles.description')}</label>
          <InputTextarea id="role-desc" rows={2} value={description} disabled={readOnly} onChange={(e) => setDescription(e.target.value)} />
        </div>
      </div>
      {role.isOwner && (
        <p className="muted" role="note">
          <i className="pi pi-lock" aria-hidden="true" /> {t('roles.ownerLocked')}
        </p>
      )}
      <fieldset className="form-grid" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t('roles.visibility')}</legend>
        {(['leads', 'bookings'] as const).map((k) => (
          <div className="field" key={k}>
            <label htmlFor={`vis-${k}`}>{t(`roles.${k}Visibility`)}</label>
            <Dropdown inputId={`vis-${k}`} value={visibility[k]} options={scopeOptions} optionLabel="label" optionValue="value" disabled={locked} onChange={(e) => setVisibility((v) => ({ ...v, [k]: e.value }))} />
          </div>
        ))}
      </fieldset>
      <div style={{ overflowX: 'auto' }}>
        <table className="matrix" aria-label={t('roles.permissions')}>
          <thead>
            <tr>
              <th scope="col">{t('roles.module')}</th>
              {ACTIONS.map((a) => (
                <th scope="col" key={a}>
                  {t(`roles.actions.${a}`)}
                </th>
              ))}
              {/* Every action of the row at once: named like the others (issue 27: it had no header). */}
              <th scope="col">{t('roles.allColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {MODULE_KEYS.map((m) => {
              const label = t(`menu.${m}`);
              const all = ACTIONS.every((a) => has(m, a));
              return (
                <tr key={m}>
                  <th scope="row" style={{ fontWeight: 500 }}>
                    {label}
                  </th>
                  {ACTIONS.map((a) => (
                    <td key={a}>
                      <label htmlFor={`perm-${m}-${a}`} className="visually-hidden">{`${label}: ${t(`roles.actions.${a}`)}`}</label>
                      <Checkbox inputId={`perm-${m}-${a}`} checked={has(m, a)} disabled={locked} onChange={(e) => toggle(m, a, !!e.checked)} />
                    </td>
                  ))}
                  <td>
                    <label htmlFor={`perm-${m}-all`} className="visually-hidden">{t('roles.allRow', { module: label })}</label>
                    <Checkbox inputId={`perm-${m}-all`} checked={all} disabled={locked} onChange={(e) => toggleRow(m, !!e.checked)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {!readOnly && (
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="button" icon="pi pi-check" label={t('shell.save')} loading={update.isPending} onClick={() => void save()} />
        </div>
      )}
    </div>
  );
}

export function RolesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const roles = useRoles();
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [creating, setCreating] = useState(false);
  const list = roles.data?.data ?? [];
  // The first role is selected after fetch (seed section 3).
  const selected = list.find((r) => r._id === selectedId) ?? list[0];

  return (
    <section className="stack">
      <div className="page-header">
        <h1>{t('roles.title')}</h1>
        {can('roles', 'create') && <Button type="button" icon="pi pi-plus" label={t('roles.newRole')} onClick={() => setCreating(true)} />}
      </div>
      <div className="roles-layout">
        <nav className="card" aria-label={t('roles.title')} style={{ padding: '0.5rem' }}>
          {roles.isPending ? (
            <Skeleton height="8rem" />
          ) : (
            <ul className="role-list">
              {list.map((r) => (
                <li key={r._id}>
                  <button type="button" aria-current={r._id === selected?._id} onClick={() => setSelectedId(r._id)}>
                    <div style={{ fontWeight: 600 }}>{r.name}</div>
                    <small className="muted">{t('roles.members', { count: r.memberCount ?? 0 })}</small>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        {selected ? <RoleEditor role={selected} readOnly={!can('roles', 'update')} /> : <Skeleton height="20rem" />}
      </div>
      {creating && (
        <NewRoleDialog
          onClose={() => setCreating(false)}
          onCreated={(role) => {
            setCreating(false);
            setSelectedId(role._id);
          }}
        />
      )}
    </section>
  );
}
