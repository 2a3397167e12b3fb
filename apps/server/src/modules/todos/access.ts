/**
 * To-dos: who is asking and what they may see (spec §6, docs/design.md Roles). The SQL visibility
 * conditions here are shared by the queries (./queries.ts) and the commands (./items.ts, ./lists.ts).
 */
import type { CoachCaller } from '../../auth/context.ts';
import { wiringVisibleForSql } from '../wiring/index.ts';

/*
 * Who is asking is the guard's request context (`CoachCaller`, auth/context.ts), as far as to-dos care
 * (spec §6, docs/design.md Roles): staff (`isStaff`: instructors of the coach, institution staff and admins)
 * manage lists, staff-created items and tags and see every list; students see the published lists
 * (neither queued nor under review), the staff-created items and their own items in them, and only their
 * own completions.
 */

/**
 * SQL condition (on alias `l`) for the lists the caller may see; `$1` is the coach id. A student sees
 * only the published lists meant for them: unwired, or wired to characteristics they match.
 */
export function listVisibility(caller: CoachCaller): string {
  return caller.isStaff
    ? 'l.coach_id = $1'
    : `l.coach_id = $1 and not l.is_queued and not l.is_under_review
       and ${wiringVisibleForSql('l.id', 'todolist', caller.userId, caller.institutionId, caller.coachId)}`;
}

/** SQL condition (on alias `i`) for the items the caller may see; `$2` is the caller's user id. */
export function itemVisibility(caller: CoachCaller): string {
  return caller.isStaff ? 'i.staff_created' : '(i.staff_created or i.owner_user_id = $2)';
}

/**
 * SQL condition (on alias `i`, with `l` its list left-joined) for one item the caller may read: an item
 * of a list they see that they may see, or, for a student, their own item in no list (their own list).
 * `$1` is the coach id and `$2` the caller's user id. The item reads and the course search use it.
 */
export function readableItemSql(caller: CoachCaller): string {
  return `i.coach_id = $1
        and ((l.id is not null and ${listVisibility(caller)} and ${itemVisibility(caller)})
             or (i.todo_list_id is null and not i.staff_created and i.owner_user_id = $2 and ${!caller.isStaff}))`;
}
