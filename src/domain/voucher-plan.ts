import { addDays } from './calendar';

/**
 * The vouchers a tour's priced lines call for ("Fill from the tour", docs/operations.md): one draft
 * per vendor and service, not one per line. Lines of the same vendor and service make one voucher
 * (their costs summed, its description listing them); stays (hotels) make one voucher per run of
 * consecutive or overlapping dates at the same vendor, spanning the run (check-in to check-out), so a
 * gap between two stays with one vendor gives two vouchers. A line without a vendor makes no voucher
 * (a voucher always has its vendor): it is returned to assign, for operations to book by hand.
 */

/** The service whose lines are stays, merged by date range. */
export const STAY_SERVICE = 'hotels';

/** A service line of a tour as the vouchers see it: its dates already within the trip. */
export interface ServiceLine {
  /** Its position in the tour's priced lines (1-based), as text: the voucher's `tourLineId`. */
  lineId: string;
  service: string;
  vendorId: string | null;
  description: string;
  /** `YYYY-MM-DD`; a stay's end is its check-out. */
  start: string;
  end: string;
  /** Minor units, ≥ 0. */
  cost: number;
}

export interface PlannedVoucher {
  service: string;
  vendorId: string;
  start: string;
  end: string;
  description: string;
  cost: number;
  /** The lines it books, in the tour's order. */
  lineIds: string[];
}

/** A voucher's description is at most this long (the contract's). */
export const VOUCHER_DESCRIPTION_MAX = 2000;

/** The lines it books, written once each in order, a repeated one with its count: "Marina Palace, Deluxe × 3; Late check-out". */
export function describeLines(descriptions: string[]): string {
  const counts = new Map<string, number>();
  for (const d of descriptions.map((x) => x.trim()).filter(Boolean)) counts.set(d, (counts.get(d) ?? 0) + 1);
  const text = [...counts].map(([d, n]) => (n > 1 ? `${d} × ${n}` : d)).join('; ');
  return text.length > VOUCHER_DESCRIPTION_MAX ? `${text.slice(0, VOUCHER_DESCRIPTION_MAX - 1)}…` : text;
}

const byLine = (a: string, b: string) => Number(a) - Number(b) || a.localeCompare(b);

/** The draft vouchers for `lines`, and the lines naming no vendor (to assign by hand). */
export function planVouchers(lines: readonly ServiceLine[]): { vouchers: PlannedVoucher[]; toAssign: ServiceLine[] } {
  const toAssign = lines.filter((l) => !l.vendorId);
  const groups = new Map<string, ServiceLine[]>();
  for (const l of lines) {
    if (!l.vendorId) continue;
    const key = `${l.vendorId}|${l.service}`;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const runs: ServiceLine[][] = [];
  for (const group of groups.values()) {
    if (group[0]!.service !== STAY_SERVICE) {
      runs.push(group);
      continue;
    }
    // Stays in date order; one that starts on or before the run's check-out continues it.
    const sorted = [...group].sort((a, b) => a.start.localeCompare(b.start) || byLine(a.lineId, b.lineId));
    let run: ServiceLine[] = [];
    let end = '';
    for (const l of sorted) {
      if (run.length && l.start > end) {
        runs.push(run);
        run = [];
      }
      run.push(l);
      end = run.length === 1 || l.end > end ? l.end : end;
    }
    if (run.length) runs.push(run);
  }
  const vouchers = runs.map((run): PlannedVoucher => {
    const inOrder = [...run].sort((a, b) => byLine(a.lineId, b.lineId));
    return {
      service: run[0]!.service,
      vendorId: run[0]!.vendorId!,
      start: run.reduce((m, l) => (l.start < m ? l.start : m), run[0]!.start),
      end: run.reduce((m, l) => (l.end > m ? l.end : m), run[0]!.end),
      description: describeLines(inOrder.map((l) => l.description)),
      cost: run.reduce((sum, l) => sum + l.cost, 0),
      lineIds: inOrder.map((l) => l.lineId),
    };
  });
  vouchers.sort((a, b) => a.start.localeCompare(b.start) || byLine(a.lineIds[0]!, b.lineIds[0]!));
  return { vouchers, toAssign };
}

/**
 * A line's dates in the trip `departure`–`arrival`: the day's date (a stay from that night to the
 * check-out after the nights its hotel is kept: `nights`, at least one), or the whole trip for a
 * line of no day.
 */
export function lineDates(trip: { departure: string; arrival: string }, date: string | null, stay: { nights: number } | null): { start: string; end: string } {
  const clamp = (d: string) => (d < trip.departure ? trip.departure : d > trip.arrival ? trip.arrival : d);
  if (date === null) return { start: trip.departure, end: trip.arrival };
  const start = clamp(date);
  return { start, end: stay ? clamp(addDays(start, Math.max(1, stay.nights))) : start };
}

/** The nights a stay beginning on day `dayNumber` lasts: that day and the following days kept at the same hotel (at least one). */
export function stayNights(days: readonly { hotelId: string | null }[], dayNumber: number, hotelId: string | null): number {
  if (!hotelId) return 1;
  let n = 0;
  for (let i = dayNumber - 1; i < days.length && days[i]?.hotelId === hotelId; i++) n++;
  return Math.max(1, n);
}
