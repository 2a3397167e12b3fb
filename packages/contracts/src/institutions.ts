import { z } from 'zod';

/** Coach list entry (spec §3): id, label; plus the course and term it runs. */
export const CoachListEntrySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  course: z.string(),
  term: z.string(),
});
export type CoachListEntry = z.infer<typeof CoachListEntrySchema>;
