import { format } from 'date-fns';

/**
 * The value of a `datetime-local` input (`yyyy-MM-ddTHH:mm`, local time) for an ISO time; '' for none.
 * Used by the email and survey editors for their send, publish and due times.
 */
export function toLocalInput(iso: string | null): string {
  return iso ? format(new Date(iso), "yyyy-MM-dd'T'HH:mm") : '';
}

/**
 * The ISO time of a `datetime-local` input's value; '' gives null, and a value that is no date is passed
 * on as it is (the server's 400 then names the field).
 */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
