/**
 * To-dos: the caller's next one, for the home page (docs/homepage.md).
 */

import type { CoachCaller } from '../../auth/context.ts';
import type { Query } from '../../db/client.ts';
import { itemVisibility, listVisibility } from './access.ts';

/**
 * The caller's next to-do in a coach: of the items they see (staff items of the lists they see, and
 * their own items, in a list or not; the visibility rules of ./access.ts), the one with the earliest due
 * date on or after `today` (YYYY-MM-DD) that they have not completed; ties by id. Null when none.
 */
export async function nextDueItem(
  query: Query,
  caller: CoachCaller,
  today: string,
): Promise<{ id: number; title: string; due_date: string } | null> {
  const [row] = await query<{ id: number; title: string; due_date: string }>(
    `select i.id, i.title, i.due_date::text as due_date
       from todo_items i
       left join todo_lists l on l.id = i.todo_list_id
      where i.coach_id = $1
        and i.due_date is not null and i.due_date >= $3::date
        and ((i.todo_list_id is null and i.owner_user_id = $2)
             or (l.id is not null and ${listVisibility(caller)} and ${itemVisibility(caller)}))
        and not exists (select 1 from account_todo_items a
                         where a.item_id = i.id and a.user_id = $2 and a.completed)
      order by i.due_date, i.id
      limit 1`,
    [caller.coachId, caller.userId, today],
  );
  return row ?? null;
}
