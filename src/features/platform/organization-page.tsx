import { useEffect, useId, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { toast } from 'sonner';
import { errorMessage } from '../../api/client';
import { subscriptionFields, type PlatformMember, type PlatformSubscription } from '../../api/platform/contract';
import { useOrganization, useOrganizationMembers, useRenewOwnerInvitation, useSubscription, useUpdateSubscription, type OrganizationMembersParams } from '../../api/platform/get-organizations';
import { confirmAction } from '../../ui/confirm';
import { DetailCard } from '../../ui/detail-card';
import { applyServerIssues } from '../../ui/form-fields';
import { contractResolver } from '../../ui/form-resolver';
import { ListPage, toQuery, useListState, type ListColumn } from '../../ui/list-page';
import { PageSpinner } from '../../ui/full-screen-spinner';
import { StatusTag } from '../../ui/status-tag';
import { CONSOLE } from './console';
import { InvitationDialog } from './onboard-dialog';
import { SeatsUsed, useConsoleFormatters } from './parts';
import { SubscriptionFields } from './subscription-fields';

type SubscriptionValues = Pick<PlatformSubscription, 'plan' | 'seats' | 'status' | 'periodEnd'>;

/** What the organization is sold, changed at once for every member (server: updateSubscription). */
function SubscriptionForm({ organizationId, subscription }: { organizationId: string; subscription: PlatformSubscription }) {
  const { t } = useTranslation();
  const titleId = useId();
  const update = useUpdateSubscription(organizationId);
  const current = { plan: subscription.plan, seats: subscription.seats, status: subscription.status, periodEnd: subscription.periodEnd };
  const { control, handleSubmit, setError, reset, formState } = useForm<SubscriptionValues>({ resolver: contractResolver(subscriptionFields), defaultValues: current });
  useEffect(() => reset(current), [subscription.updatedAt]);

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success(t('platform.subscriptionSaved'));
    } catch (error) {
      applyServerIssues(error, setError as never);
      toast.error(errorMessage(error));
    }
  });

  return (
    <section className="card stack" aria-labelledby={titleId} data-testid="subscription-form">
      <div className="page-header" style={{ marginBottom: 0 }}>
        <h2 id={titleId} className="grow" style={{ margin: 0 }}>
          {t('subscription.title')}
        </h2>
        <SeatsUsed used={subscription.seatsUsed} seats={subscription.seats} />
        <StatusTag status={subscription.status} tone={subscription.readOnly ? 'danger' : undefined} />
        {subscription.readOnly && <StatusTag status="readOnly" tone="danger" label={t('subscription.readOnly')} />}
      </div>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="form-grid">
          <SubscriptionFields control={control} />
        </div>
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="submit" icon="pi pi-check" label={t('platform.saveSubscription')} loading={formState.isSubmitting} />
        </div>
      </form>
    </section>
  );
}

/**
 * An owner's new invitation link (the first was lost or expired): the server says no for an owner
 * who is in already. Asked first: the link sent before stops working.
 */
function RenewInvitationButton({ organizationId, member }: { organizationId: string; member: PlatformMember }) {
  const { t } = useTranslation();
  const renew = useRenewOwnerInvitation(organizationId);
  return (
    <>
      <Button
        type="button"
        size="small"
        outlined
        icon="pi pi-envelope"
        label={t('platform.newInvitation')}
        // The name read out starts with the words shown (axe label-content-name-mismatch).
        aria-label={`${t('platform.newInvitation')} (${member.name})`}
        loading={renew.isPending}
        onClick={async () => {
          const replace = await confirmAction({
            header: t('platform.replaceInvitation.title', { name: member.name }),
            message: t('platform.replaceInvitation.message', { name: member.name }),
            acceptLabel: t('platform.replaceInvitation.accept'),
          });
          if (replace) renew.mutate(member._id);
        }}
      />
      {renew.data && <InvitationDialog header={t('platform.newInvitationFor', { name: member.name })} invitation={renew.data} onClose={() => renew.reset()} />}
    </>
  );
}

function OrganizationMembers({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const fmt = useConsoleFormatters();
  const [state, setState] = useListState({ sortBy: 'name', filterParams: {} });
  const query = useOrganizationMembers(organizationId, toQuery(state) as OrganizationMembersParams);
  const columns = useMemo<ListColumn<PlatformMember>[]>(
    () => [
      { field: 'name', header: t('platform.memberName'), sortable: true },
      { field: 'email', header: t('platform.memberEmail'), sortable: true, body: (m) => <span dir="ltr">{m.email}</span> },
      { field: 'roleName', header: t('platform.role'), body: (m) => (m.isOwner ? `${m.roleName} ★` : m.roleName) },
      { field: 'department', header: t('platform.department'), body: (m) => t(`members.departments.${m.department}`) },
      { field: 'isActive', header: t('platform.seat'), body: (m) => <StatusTag status={m.isActive ? 'active' : 'inactive'} /> },
      { field: 'createdAt', header: t('platform.createdAt'), sortable: true, hiddenByDefault: true, body: (m) => fmt.dateTime(m.createdAt) },
      { field: '_id', header: t('platform.invitation'), body: (m) => (m.isOwner && m.isActive ? <RenewInvitationButton organizationId={organizationId} member={m} /> : null) },
    ],
    [t, fmt, organizationId],
  );
  return (
    <ListPage<PlatformMember> id="platform-members" title={t('platform.members')} headingLevel={2} columns={columns} state={state} onChange={setState} answer={query.data} loading={query.isFetching} />
  );
}

export function OrganizationPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const fmt = useConsoleFormatters();
  const organization = useOrganization(id);
  const subscription = useSubscription(id);
  if (organization.isPending || subscription.isPending) return <PageSpinner label={t('shell.loading')} />;
  if (!organization.data || !subscription.data) {
    return (
      <div className="card empty-state" role="alert">
        <p>{errorMessage(organization.error ?? subscription.error)}</p>
        <Link to={CONSOLE}>{t('platform.back')}</Link>
      </div>
    );
  }
  const org = organization.data;
  return (
    <section className="stack" aria-labelledby="organization-title">
      <Link to={CONSOLE}>
        <i className="pi pi-arrow-left flip-rtl" aria-hidden="true" /> {t('platform.back')}
      </Link>
      <div className="page-header">
        <h1 id="organization-title">{org.name}</h1>
      </div>
      <DetailCard
        title={t('platform.details')}
        testId="organization-details"
        rows={[
          [t('platform.currency'), org.currency],
          [t('platform.timeZone'), <span dir="ltr">{org.timeZone}</span>],
          [t('platform.createdAt'), fmt.dateTime(org.createdAt)],
        ]}
      />
      <SubscriptionForm organizationId={id} subscription={subscription.data} />
      <OrganizationMembers organizationId={id} />
    </section>
  );
}
