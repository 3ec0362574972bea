import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as v from 'valibot';
import { toast } from 'sonner';
import {
  DEPARTMENTS,
  EMPLOYMENT_STATUSES,
  createMemberInput,
  updateMemberInput,
  type CreateMemberInput,
  type Member,
  type UpdateMemberInput,
} from '../../api/admin/members/contract';
import { useCreateMember, useUpdateMember } from '../../api/admin/members/save-member';
import { useRoles } from '../../api/admin/roles/get-roles';
import { applyServerIssues, DateField, PasswordField, SelectField, SwitchField, TextField } from '../../ui/form-fields';
import { useCan } from '../../ui/auth';
import { FormDialog } from '../../ui/form-dialog';
import { contractResolver } from '../../ui/form-resolver';

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

interface FormValues {
  name: string;
  email: string;
  phone: string | null;
  department: Member['department'];
  roleId: string;
  employmentStatus: Member['employmentStatus'];
  joiningDate: string | null;
  exitDate: string | null;
  isActive: boolean;
  password?: string;
}

/** Create (password required) or edit (password optional, activation) a member. */
export function MemberFormDialog({ member, onClose }: { member?: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const roles = useRoles();
  const create = useCreateMember();
  const update = useUpdateMember();
  const isNew = !member;
  const schema = (isNew ? createMemberInput : updateMemberInput) as v.GenericSchema<unknown, CreateMemberInput | UpdateMemberInput>;
  const { control, handleSubmit, setError, formState } = useForm<FormValues, unknown, CreateMemberInput | UpdateMemberInput>({
    // Create and update share the fields; `isActive` only exists on update, a password is required on create.
    resolver: contractResolver<typeof schema, FormValues>(schema, {
      toInput: ({ isActive, ...rest }) => (isNew ? { ...rest, password: rest.password ?? '' } : { ...rest, isActive }),
    }),
    defaultValues: {
      name: member?.name ?? '',
      email: member?.email ?? '',
      phone: member?.phone ?? null,
      department: member?.department ?? 'sales',
      roleId: member?.roleId ?? '',
      employmentStatus: member?.employmentStatus ?? 'active',
      joiningDate: member?.joiningDate ?? null,
      exitDate: member?.exitDate ?? null,
      isActive: member?.isActive ?? true,
      password: undefined,
    },
  });

  const submit = handleSubmit(async (values) => {
    try {
      if (isNew) {
        await create.mutateAsync(values as CreateMemberInput);
        toast.success(t('members.created'));
      } else {
        await update.mutateAsync({ id: member._id, input: values as UpdateMemberInput });
        toast.success(t('members.updated'));
      }
      onClose();
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });

  const roleOptions = (roles.data?.data ?? []).map((r) => ({ value: r._id, label: r.name }));

  return (
    <FormDialog id="member-form" header={isNew ? t('members.newMember') : t('members.editMember')} width={760} onClose={onClose} onSubmit={submit} formState={formState}>
      <div className="form-grid">
        <TextField control={control} name="name" label={t('members.name')} autoComplete="off" />
        <TextField control={control} name="email" label={t('members.email')} type="email" autoComplete="off" />
        <TextField control={control} name="phone" label={t('members.phone')} type="tel" nullable />
        <SelectField control={control} name="department" label={t('members.department')} options={DEPARTMENTS.map((d) => ({ value: d, label: t(`members.departments.${d}`) }))} />
        <SelectField control={control} name="roleId" label={t('members.role')} options={roleOptions} disabled={!can('roles', 'view')} />
        <SelectField control={control} name="employmentStatus" label={t('members.employmentStatus')} options={EMPLOYMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${camel(s)}`) }))} />
        <DateField control={control} name="joiningDate" label={t('members.joiningDate')} />
        <DateField control={control} name="exitDate" label={t('members.exitDate')} />
        <PasswordField control={control} name="password" label={isNew ? t('members.password') : t('members.newPassword')} />
        {!isNew && <SwitchField control={control} name="isActive" label={t('members.isActive')} />}
      </div>
    </FormDialog>
  );
}
