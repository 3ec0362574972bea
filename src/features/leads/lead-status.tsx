import type { LeadState } from '../../api/leads/contract';
import { StatusTag, type StatusTone } from '../../ui/status-tag';

/** Where a lead stands, coloured by how far along it is (the tag's text says it; colour is extra). */
export const LEAD_STATUS_TONES: Record<LeadState, StatusTone> = {
  new: 'info',
  contacted: 'info',
  qualified: 'warning',
  quoted: 'warning',
  won: 'success',
  lost: 'danger',
};

export function LeadStatusTag({ status }: { status: LeadState }) {
  return <StatusTag status={status} tone={LEAD_STATUS_TONES[status]} />;
}
