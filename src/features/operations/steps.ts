import type { MissingItem, MissingNeed, NextStep, Operation, Profit } from '../../api/operations/contract';
import { MISSING_NEEDS } from '../../api/operations/contract';
import { MISSING_KINDS } from '../../machines/operation-machine';
import { daysBetween } from '../../domain/calendar';
import type { StatusTone } from '../../ui/status-tag';

/**
 * How the board and the operation page show a trip's next step: its icon, its colour, and how many
 * things it is about (2 vouchers to confirm), so an ops lead sees at a glance what to do and how much.
 * `action`: the step is the ops lead's to do now (the "needs me" tiles count these).
 */
export const STEP_LOOK: Record<NextStep, { icon: string; tone: StatusTone; action: boolean }> = {
  addVouchers: { icon: 'pi pi-plus-circle', tone: 'info', action: true },
  confirmVouchers: { icon: 'pi pi-check-square', tone: 'warning', action: true },
  sendVouchers: { icon: 'pi pi-send', tone: 'warning', action: true },
  payVendors: { icon: 'pi pi-wallet', tone: 'danger', action: true },
  complete: { icon: 'pi pi-flag', tone: 'success', action: true },
  done: { icon: 'pi pi-check-circle', tone: 'neutral', action: false },
  canceled: { icon: 'pi pi-ban', tone: 'neutral', action: false },
};

/** How many items the step is about (its plural count), from the operation's progress; 0 for a step about the trip itself. */
export function stepCount(operation: Pick<Operation, 'nextStep' | 'progress'>): number {
  switch (operation.nextStep) {
    case 'confirmVouchers':
      return operation.progress.drafts;
    case 'sendVouchers':
      return operation.progress.unsent;
    case 'payVendors':
      return operation.progress.unpaid;
    default:
      return 0;
  }
}

/** How soon a trip leaves, for the board's emphasis: already travelling or back, this week, later. */
export function urgencyOf(departure: string, arrival: string, today: string): 'travelling' | 'past' | 'soon' | 'later' {
  if (daysBetween(today, arrival) < 0) return 'past';
  const days = daysBetween(today, departure);
  if (days <= 0) return 'travelling';
  return days <= 7 ? 'soon' : 'later';
}

/** One checklist line: the item and its needs in the order they are done (confirm, send, pay). */
export interface ChecklistLine {
  kind: MissingItem['kind'];
  id: string;
  label: string;
  needs: MissingNeed[];
  owed: number;
}

/**
 * The completion checklist, as the server's `missing` names it (the same list its 409 gives):
 * the unbooked vendor services first, then vouchers, then expenses, each item's needs in the order they are done.
 */
export function checklistOf(missing: readonly MissingItem[]): ChecklistLine[] {
  const order = (n: MissingNeed) => MISSING_NEEDS.indexOf(n);
  const kind = (k: MissingItem['kind']) => MISSING_KINDS.indexOf(k);
  return [...missing]
    .sort((a, b) => kind(a.kind) - kind(b.kind))
    .map((m) => ({ kind: m.kind, id: m._id, label: m.label, needs: [...m.needs].sort((a, b) => order(a) - order(b)), owed: m.owed }));
}

/** The ids named by a refused completion (409 `OPERATION_INCOMPLETE`'s params: the services line's is the operation's), to mark them on the page. */
export function refusedIds(params: Record<string, unknown> | undefined): Set<string> {
  const ids = [params?.services, params?.voucherIds, params?.expenseIds].flatMap((x) => (Array.isArray(x) ? x.filter((id): id is string => typeof id === 'string') : []));
  return new Set(ids);
}

/** The vendors a refused send names (409 `VENDOR_EMAIL_MISSING`'s `params.vendors`): names, or records with a name. */
export function vendorsNamed(params: Record<string, unknown> | undefined): string[] {
  const raw = params?.vendors;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/,\s*/) : [];
  return list
    .map((v) => (typeof v === 'string' ? v : v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name) : ''))
    .filter(Boolean);
}

/**
 * The actual profit as the screens show it: none (`—`) until a cost exists, a voucher's or an
 * expense's; before that, "profit" would be the whole revenue of a trip nothing was paid for yet.
 */
export const actualProfitOf = (p: Pick<Profit, 'totalExpense' | 'profit'>): number | null => (p.totalExpense > 0 ? p.profit : null);
