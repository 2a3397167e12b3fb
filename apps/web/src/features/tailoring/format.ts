import { format } from 'date-fns';

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A cohort date and time in the spec's 'time - M.d.yy' format (§9), e.g. "3:07 PM - 11.23.26"; '' if unset. */
export function formatCohortDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'h:mm a - M.d.yy') : '';
}
