import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { MODULE_KEYS, type ModuleKey } from '../api/permissions';
import { RequireAuth, RequirePermission } from '../ui/auth';
import { FullScreenSpinner } from '../ui/full-screen-spinner';
import { loadAreaStrings } from '../ui/i18n';
import { modulePath } from '../ui/module-paths';

/** A screen loaded when first shown, with the areas' English (the signed-out screens below do without it). */
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => Promise.all([load(), loadAreaStrings()]).then(([m]) => ({ default: m[name] })));
const signedOut = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazy(() => load().then((m) => ({ default: m[name] })));

// Route-level code splitting: the sign-in page does not carry the shell or the admin screens.
const LoginPage = signedOut(() => import('../features/admin/login-page'), 'LoginPage');
const Shell = named(() => import('../ui/shell'), 'Shell');
const DashboardPage = named(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const MembersPage = named(() => import('../features/admin/members-page'), 'MembersPage');
const RolesPage = named(() => import('../features/admin/roles-page'), 'RolesPage');
const ModulesPage = named(() => import('../features/admin/modules-page'), 'ModulesPage');
const OrganizationPage = named(() => import('../features/admin/organization-page'), 'OrganizationPage');
const ConfigurationsPage = named(() => import('../features/admin/configurations-page'), 'ConfigurationsPage');
const ProfilePage = named(() => import('../features/admin/profile-page'), 'ProfilePage');
const PreferencesPage = named(() => import('../features/admin/preferences-page'), 'PreferencesPage');
const VendorsPage = named(() => import('../features/vendors/vendors-page'), 'VendorsPage');
const VendorDetailPage = named(() => import('../features/vendors/vendor-detail-page'), 'VendorDetailPage');
const RegionsPage = named(() => import('../features/catalogue/regions-page'), 'RegionsPage');
const DestinationsPage = named(() => import('../features/catalogue/destinations-page'), 'DestinationsPage');
const HotelsPage = named(() => import('../features/catalogue/hotels-page'), 'HotelsPage');
const ActivitiesPage = named(() => import('../features/catalogue/activities-page'), 'ActivitiesPage');
const ReviewsPage = named(() => import('../features/catalogue/reviews-page'), 'ReviewsPage');
const LeadsPage = named(() => import('../features/leads/leads-page'), 'LeadsPage');
const FollowUpsRedirect = named(() => import('../features/leads/leads-page'), 'FollowUpsRedirect');
const LeadDetailPage = named(() => import('../features/leads/lead-detail-page'), 'LeadDetailPage');
const ContactsPage = named(() => import('../features/contacts/contacts-page'), 'ContactsPage');
const ContactGroupsPage = named(() => import('../features/contacts/contact-groups-page'), 'ContactGroupsPage');
const AccountPage = named(() => import('../features/finance/account-page'), 'AccountPage');
const JournalPage = named(() => import('../features/finance/journal-page'), 'JournalPage');
const StatementPage = named(() => import('../features/finance/statement-page'), 'StatementPage');
const SummaryPage = named(() => import('../features/finance/summary-page'), 'SummaryPage');
const AgingPage = named(() => import('../features/finance/aging-page'), 'AgingPage');
const PeriodLockPage = named(() => import('../features/finance/period-lock-page'), 'PeriodLockPage');
const ExpensesPage = named(() => import('../features/finance/expenses-page'), 'ExpensesPage');
const ExpenseDetailPage = named(() => import('../features/finance/expense-detail-page'), 'ExpenseDetailPage');
const RecurringExpensesPage = named(() => import('../features/finance/recurring-page'), 'RecurringExpensesPage');
const SalariesPage = named(() => import('../features/finance/salaries-page'), 'SalariesPage');
const PersonalizedToursPage = named(() => import('../features/tours/personalized/personalized-tours-page'), 'PersonalizedToursPage');
const PersonalizedTourDetailPage = named(() => import('../features/tours/personalized/personalized-tour-detail-page'), 'PersonalizedTourDetailPage');
const NewPersonalizedTourPage = named(() => import('../features/tours/personalized/personalized-tour-form-page'), 'NewPersonalizedTourPage');
const EditPersonalizedTourPage = named(() => import('../features/tours/personalized/personalized-tour-form-page'), 'EditPersonalizedTourPage');
const GroupToursPage = named(() => import('../features/tours/group/group-tours-page'), 'GroupToursPage');
const GroupTourDetailPage = named(() => import('../features/tours/group/group-tour-detail-page'), 'GroupTourDetailPage');
const NewGroupTourPage = named(() => import('../features/tours/group/group-tour-form-page'), 'NewGroupTourPage');
const EditGroupTourPage = named(() => import('../features/tours/group/group-tour-form-page'), 'EditGroupTourPage');
const OutboxPage = named(() => import('../features/documents/outbox-page'), 'OutboxPage');
const CustomizedToursPage = named(() => import('../features/tours/customized/customized-tours-page'), 'CustomizedToursPage');
const CustomizedTourDetailPage = named(() => import('../features/tours/customized/customized-tour-detail-page'), 'CustomizedTourDetailPage');
const CustomizedTourVersionPage = named(() => import('../features/tours/customized/customized-tour-detail-page'), 'CustomizedTourVersionPage');
const NewCustomizedTourPage = named(() => import('../features/tours/customized/customized-tour-form-page'), 'NewCustomizedTourPage');
const EditCustomizedTourPage = named(() => import('../features/tours/customized/customized-tour-form-page'), 'EditCustomizedTourPage');
const BookingsPage = named(() => import('../features/bookings/bookings-page'), 'BookingsPage');
const BookingDetailPage = named(() => import('../features/bookings/booking-detail-page'), 'BookingDetailPage');
const BookingWizardPage = named(() => import('../features/bookings/booking-wizard-page'), 'BookingWizardPage');
const PendingInstallmentsPage = named(() => import('../features/bookings/pending-installments-page'), 'PendingInstallmentsPage');
const InvoicesPage = named(() => import('../features/bookings/invoices-page'), 'InvoicesPage');
const PaymentReceiptsPage = named(() => import('../features/bookings/payment-receipts-page'), 'PaymentReceiptsPage');
const OperationsPage = named(() => import('../features/operations/operations-page'), 'OperationsPage');
const OperationDetailPage = named(() => import('../features/operations/operation-detail-page'), 'OperationDetailPage');
const CancellationsPage = named(() => import('../features/cancellations/cancellations-page'), 'CancellationsPage');
const RequestedCancellationsPage = named(() => import('../features/cancellations/cancellations-page'), 'RequestedCancellationsPage');
const CancellationDetailPage = named(() => import('../features/cancellations/cancellation-detail-page'), 'CancellationDetailPage');
const DecideCancellationPage = named(() => import('../features/cancellations/decide-page'), 'DecideCancellationPage');
const CreditNotesPage = named(() => import('../features/cancellations/credit-notes-page'), 'CreditNotesPage');
const RefundsPage = named(() => import('../features/cancellations/refunds-page'), 'RefundsPage');
const WorkQueuePage = named(() => import('../features/dashboard/work-queue'), 'WorkQueuePage');
const ComingSoonPage = named(() => import('../features/dashboard/coming-soon-page'), 'ComingSoonPage');
const NotFound = named(() => import('../ui/placeholders'), 'NotFound');
const InvitationPage = signedOut(() => import('../features/admin/invitation-page'), 'InvitationPage');
const ConsoleLoginPage = signedOut(() => import('../features/platform/console'), 'ConsoleLoginPage');
const ConsoleShell = named(() => import('../features/platform/console'), 'ConsoleShell');
const PlatformOrganizationsPage = named(() => import('../features/platform/organizations-page'), 'OrganizationsPage');
const PlatformOrganizationPage = named(() => import('../features/platform/organization-page'), 'OrganizationPage');

const BUILT: Partial<Record<ModuleKey, ComponentType>> = {
  dashboard: DashboardPage,
  members: MembersPage,
  roles: RolesPage,
  modules: ModulesPage,
  organization: OrganizationPage,
  configurations: ConfigurationsPage,
  vendors: VendorsPage,
  regions: RegionsPage,
  destinations: DestinationsPage,
  hotels: HotelsPage,
  activities: ActivitiesPage,
  reviews: ReviewsPage,
  leads: LeadsPage,
  contacts: ContactsPage,
  account: AccountPage,
  expenses: ExpensesPage,
  salaries: SalariesPage,
  customizedTours: CustomizedToursPage,
  personalizedTours: PersonalizedToursPage,
  groupTours: GroupToursPage,
  bookings: BookingsPage,
  invoices: InvoicesPage,
  paymentReceipts: PaymentReceiptsPage,
  operations: OperationsPage,
  cancellations: CancellationsPage,
};

/** A module's record page, at `<module path>/:id`. */
const RECORDS: Partial<Record<ModuleKey, ComponentType>> = {
  vendors: VendorDetailPage,
  leads: LeadDetailPage,
  customizedTours: CustomizedTourDetailPage,
  personalizedTours: PersonalizedTourDetailPage,
  groupTours: GroupTourDetailPage,
  bookings: BookingDetailPage,
  operations: OperationDetailPage,
  expenses: ExpenseDetailPage,
  cancellations: CancellationDetailPage,
};

/** Further screens of a module, under its path (`/leads/follow-ups`); a fixed segment wins over `:id`. */
const SUBPAGES: { module: ModuleKey; path: string; Page: ComponentType }[] = [
  { module: 'dashboard', path: 'work-queue', Page: WorkQueuePage },
  { module: 'leads', path: 'follow-ups', Page: FollowUpsRedirect },
  { module: 'contacts', path: 'groups', Page: ContactGroupsPage },
  { module: 'account', path: 'journal', Page: JournalPage },
  { module: 'account', path: 'statement', Page: StatementPage },
  { module: 'account', path: 'summary', Page: SummaryPage },
  { module: 'account', path: 'aging', Page: AgingPage },
  { module: 'account', path: 'period-lock', Page: PeriodLockPage },
  { module: 'expenses', path: 'recurring', Page: RecurringExpensesPage },
  { module: 'customizedTours', path: 'new', Page: NewCustomizedTourPage },
  { module: 'customizedTours', path: ':id/edit', Page: EditCustomizedTourPage },
  { module: 'customizedTours', path: ':id/versions/:version', Page: CustomizedTourVersionPage },
  { module: 'personalizedTours', path: 'new', Page: NewPersonalizedTourPage },
  { module: 'personalizedTours', path: ':id/edit', Page: EditPersonalizedTourPage },
  { module: 'groupTours', path: 'new', Page: NewGroupTourPage },
  { module: 'groupTours', path: ':id/edit', Page: EditGroupTourPage },
  { module: 'configurations', path: 'outbox', Page: OutboxPage },
  { module: 'bookings', path: 'new', Page: BookingWizardPage },
  { module: 'bookings', path: 'installments', Page: PendingInstallmentsPage },
  { module: 'cancellations', path: 'requests', Page: RequestedCancellationsPage },
  { module: 'cancellations', path: ':id/decide', Page: DecideCancellationPage },
];

/** Screens of a module at paths of their own (the menu lists them after the module: MODULE_SCREENS in src/ui/nav-menu.tsx). */
const SCREENS: { module: ModuleKey; path: string; Page: ComponentType }[] = [
  { module: 'cancellations', path: 'credit-notes', Page: CreditNotesPage },
  { module: 'cancellations', path: 'refunds', Page: RefundsPage },
];

const guarded = (module: ModuleKey, node: ReactNode) => <RequirePermission module={module}>{node}</RequirePermission>;

export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/login',
      element: (
        <Suspense fallback={<FullScreenSpinner />}>
          <LoginPage />
        </Suspense>
      ),
    },
    {
      path: '/invitation',
      element: (
        <Suspense fallback={<FullScreenSpinner />}>
          <InvitationPage />
        </Suspense>
      ),
    },
    // The platform console: platform operators only, outside every organization's shell and menu.
    {
      path: '/console/login',
      element: (
        <Suspense fallback={<FullScreenSpinner />}>
          <ConsoleLoginPage />
        </Suspense>
      ),
    },
    {
      path: '/console',
      element: (
        <Suspense fallback={<FullScreenSpinner />}>
          <ConsoleShell />
        </Suspense>
      ),
      children: [
        { index: true, element: <PlatformOrganizationsPage /> },
        { path: 'organizations/:id', element: <PlatformOrganizationPage /> },
        { path: '*', element: <NotFound /> },
      ],
    },
    {
      path: '/',
      element: (
        <RequireAuth>
          <Suspense fallback={<FullScreenSpinner />}>
            <Shell />
          </Suspense>
        </RequireAuth>
      ),
      children: [
        ...MODULE_KEYS.map((key) => {
          const Page = BUILT[key];
          const element = guarded(key, Page ? <Page /> : <ComingSoonPage />);
          return key === 'dashboard' ? { index: true, element } : { path: modulePath(key).slice(1), element };
        }),
        ...Object.entries(RECORDS).map(([key, Page]) => ({ path: `${modulePath(key as ModuleKey).slice(1)}/:id`, element: guarded(key as ModuleKey, <Page />) })),
        ...SUBPAGES.map(({ module, path, Page }) => ({ path: `${modulePath(module).slice(1)}/${path}`, element: guarded(module, <Page />) })),
        ...SCREENS.map(({ module, path, Page }) => ({ path, element: guarded(module, <Page />) })),
        { path: 'profile', element: <ProfilePage /> },
        { path: 'preferences', element: <PreferencesPage /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
