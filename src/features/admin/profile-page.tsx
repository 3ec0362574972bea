import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { updateMeInput, type UpdateMeInput } from '../../api/admin/members/contract';
import { useUpdateMe } from '../../api/admin/auth/update-me';
import { useAuth } from '../../ui/auth';
import { contractResolver } from '../../ui/form-resolver';
import { applyServerIssues, PasswordField, TextField } from '../../ui/form-fields';
import { SaveFooter } from '../../ui/form-dialog';
import { StatusTag } from '../../ui/status-tag';

export function ProfilePage() {
  const { t } = useTranslation();
  const { member, role } = useAuth();
  const updateMe = useUpdateMe();
  const { control, handleSubmit, setError, reset, formState } = useForm<UpdateMeInput, unknown, UpdateMeInput>({
    resolver: contractResolver(updateMeInput),
    defaultValues: { name: member.name, phone: member.phone, currentPassword: undefined, newPassword: undefined },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await updateMe.mutateAsync(values);
      toast.success(t('profile.updated'));
      reset({ ...values, currentPassword: undefined, newPassword: undefined });
    } catch (error) {
      applyServerIssues(error, setError as never);
    }
  });

  return (
    <section className="stack">
      <div className="page-header">
        <h1>{t('profile.title')}</h1>
      </div>
      <div className="card row">
        <div className="grow">
          <div className="record-card__title">{member.email}</div>
          <div className="muted">
            {t(`members.departments.${member.department}`)} · {role.name}
          </div>
        </div>
        <StatusTag status={member.employmentStatus} />
      </div>
      <form className="card stack" onSubmit={submit} noValidate>
        <div className="form-grid">
          <TextField control={control} name="name" label={t('profile.name')} autoComplete="name" />
          <TextField control={control} name="phone" label={t('profile.phone')} type="tel" autoComplete="tel" nullable />
        </div>
        <h2>{t('profile.changePassword')}</h2>
        <div className="form-grid">
          <PasswordField control={control} name="currentPassword" label={t('profile.currentPassword')} autoComplete="current-password" />
          <PasswordField control={control} name="newPassword" label={t('profile.newPassword')} />
        </div>
        <SaveFooter formState={formState} />
      </form>
    </section>
  );
}
