-- the whole coach ($1: the coach id)
-- parameters: ["coach id"]
with st as materialized (select user_id from enrollments where coach_id = $1 and role = 'student'),
       nst as (select count(*) as n from st),
       b as materialized (select b.id from (
  select b.* from bulletins b
   where b.coach_id = $1 and b.is_published and not b.is_queued and not b.under_review
     and b.publish_timestamp <= now()) b),
       s as materialized (select s.id, exists (select 1 from content_characteristics w0 where w0.content_kind = 'survey' and w0.content_id = s.id) as wired from surveys s where s.coach_id = $1 and s.is_published and not s.is_queued and not s.under_review
     and s.publish_timestamp <= now()),
       p as materialized (
         select p.id, false as wired from playbooks p where p.coach_id = $1 and p.is_released),
       ti as materialized (
         select i.id, l.id as list_id, (l.id is not null and exists (select 1 from content_characteristics w0 where w0.content_kind = 'todolist' and w0.content_id = l.id)) as wired
           from todo_items i left join todo_lists l on l.id = i.todo_list_id
          where i.coach_id = $1 and i.staff_created
            and (l.id is null or (not l.is_queued and not l.is_under_review))),
       sw as (select st.user_id, s.id from st join s on s.wired
               where not exists (
            with svm as materialized (select * from (select c.name, v.value, v.num
            from student_characteristic_values v
            join characteristics c on c.id = v.characteristic_id
           where v.user_id = st.user_id and v.institution_id = (select co.institution_id from coaches co where co.id = $1) and v.coach_id in (0, $1)
          union all
          select c.name, c.default_value as value,
                 case when c.kind = 'range' and c.default_value ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$'
                      then c.default_value::float8 end as num
            from characteristics c
           where c.institution_id = (select co.institution_id from coaches co where co.id = $1) and c.default_value is not null
             and not exists (select 1 from student_characteristic_values d
                              where d.characteristic_id = c.id and d.user_id = st.user_id
                                and d.coach_id in (0, $1))) sv0)
            select 1 from content_characteristics w
             where w.content_kind = 'survey' and w.content_id = s.id
               and not exists (
                 select 1 from content_characteristics w2
                   join svm sv on sv.name = w2.characteristic
                          and (sv.value = w2.value or (w2.num is not null and sv.num = w2.num))
                  where w2.content_kind = w.content_kind and w2.content_id = w.content_id
                    and w2.characteristic = w.characteristic))),
       pw as (select st.user_id, p.id from st join p on p.wired
               where not exists (
            with svm as materialized (select * from (select c.name, v.value, v.num
            from student_characteristic_values v
            join characteristics c on c.id = v.characteristic_id
           where v.user_id = st.user_id and v.institution_id = (select co.institution_id from coaches co where co.id = $1) and v.coach_id in (0, $1)
          union all
          select c.name, c.default_value as value,
                 case when c.kind = 'range' and c.default_value ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$'
                      then c.default_value::float8 end as num
            from characteristics c
           where c.institution_id = (select co.institution_id from coaches co where co.id = $1) and c.default_value is not null
             and not exists (select 1 from student_characteristic_values d
                              where d.characteristic_id = c.id and d.user_id = st.user_id
                                and d.coach_id in (0, $1))) sv0)
            select 1 from content_characteristics w
             where w.content_kind = 'playbook_planning' and w.content_id = p.id
               and not exists (
                 select 1 from content_characteristics w2
                   join svm sv on sv.name = w2.characteristic
                          and (sv.value = w2.value or (w2.num is not null and sv.num = w2.num))
                  where w2.content_kind = w.content_kind and w2.content_id = w.content_id
                    and w2.characteristic = w.characteristic))),
       tw as (select st.user_id, ti.id from st join ti on ti.wired
               where not exists (
            with svm as materialized (select * from (select c.name, v.value, v.num
            from student_characteristic_values v
            join characteristics c on c.id = v.characteristic_id
           where v.user_id = st.user_id and v.institution_id = (select co.institution_id from coaches co where co.id = $1) and v.coach_id in (0, $1)
          union all
          select c.name, c.default_value as value,
                 case when c.kind = 'range' and c.default_value ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$'
                      then c.default_value::float8 end as num
            from characteristics c
           where c.institution_id = (select co.institution_id from coaches co where co.id = $1) and c.default_value is not null
             and not exists (select 1 from student_characteristic_values d
                              where d.characteristic_id = c.id and d.user_id = st.user_id
                                and d.coach_id in (0, $1))) sv0)
            select 1 from content_characteristics w
             where w.content_kind = 'todolist' and w.content_id = ti.list_id
               and not exists (
                 select 1 from content_characteristics w2
                   join svm sv on sv.name = w2.characteristic
                          and (sv.value = w2.value or (w2.num is not null and sv.num = w2.num))
                  where w2.content_kind = w.content_kind and w2.content_id = w.content_id
                    and w2.characteristic = w.characteristic))),
       cl as materialized (
         select c.id, exists (select 1 from content_characteristics w0 where w0.content_kind = 'checklist_item' and w0.content_id = c.id) as wired from checklist_items c where c.coach_id = $1),
       clw as (select st.user_id, cl.id from st join cl on cl.wired
                where not exists (
            with svm as materialized (select * from (select c.name, v.value, v.num
            from student_characteristic_values v
            join characteristics c on c.id = v.characteristic_id
           where v.user_id = st.user_id and v.institution_id = (select co.institution_id from coaches co where co.id = $1) and v.coach_id in (0, $1)
          union all
          select c.name, c.default_value as value,
                 case when c.kind = 'range' and c.default_value ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$'
                      then c.default_value::float8 end as num
            from characteristics c
           where c.institution_id = (select co.institution_id from coaches co where co.id = $1) and c.default_value is not null
             and not exists (select 1 from student_characteristic_values d
                              where d.characteristic_id = c.id and d.user_id = st.user_id
                                and d.coach_id in (0, $1))) sv0)
            select 1 from content_characteristics w
             where w.content_kind = 'checklist_item' and w.content_id = cl.id
               and not exists (
                 select 1 from content_characteristics w2
                   join svm sv on sv.name = w2.characteristic
                          and (sv.value = w2.value or (w2.num is not null and sv.num = w2.num))
                  where w2.content_kind = w.content_kind and w2.content_id = w.content_id
                    and w2.characteristic = w.characteristic))),
       own as (select i.owner_user_id as user_id, i.id from todo_items i join st on st.user_id = i.owner_user_id
                where i.coach_id = $1 and not i.staff_created)
  select 'bulletins' as kind, ((select n from nst) * (select count(*) from b))::int as total,
         ((select count(*) from b join bulletin_views v on v.bulletin_id = b.id
                    join enrollments e on e.coach_id = $1 and e.role = 'student' and e.user_id = v.user_id))::int as completed
  union all
  select 'surveys' as kind, ((select n from nst) * (select count(*) from s where not s.wired) + (select count(*) from sw))::int as total,
         ((select count(*) from s join survey_responses r on r.survey_id = s.id and not s.wired
                     join enrollments e on e.coach_id = $1 and e.role = 'student' and e.user_id = r.user_id)
                  + (select count(*) from sw join survey_responses r
                        on r.survey_id = sw.id and r.user_id = sw.user_id))::int as completed
  union all
  select 'playbooks' as kind, ((select n from nst) * (select count(*) from p where not p.wired) + (select count(*) from pw))::int as total,
         ((select count(*) from p join playbook_plans x on x.playbook_id = p.id and not p.wired
                     join enrollments e on e.coach_id = $1 and e.role = 'student' and e.user_id = x.user_id where x.completed_at is not null)
                  + (select count(*) from pw join playbook_plans x
                        on x.playbook_id = pw.id and x.user_id = pw.user_id
                      where x.completed_at is not null))::int as completed
  union all
  select 'todos' as kind, ((select n from nst) * (select count(*) from ti where not ti.wired) + (select count(*) from tw)
              + (select count(*) from own))::int as total,
         ((select count(*) from ti join account_todo_items a on a.item_id = ti.id and not ti.wired
                     join enrollments e on e.coach_id = $1 and e.role = 'student' and e.user_id = a.user_id where a.completed)
                  + (select count(*) from tw join account_todo_items a
                        on a.item_id = tw.id and a.user_id = tw.user_id where a.completed)
                  + (select count(*) from own join account_todo_items a
                        on a.item_id = own.id and a.user_id = own.user_id where a.completed))::int as completed
  union all
  select 'checklist' as kind, ((select n from nst) * (select count(*) from cl where not cl.wired) + (select count(*) from clw))::int as total,
         ((select count(*) from cl join account_checklist_items a on a.item_id = cl.id and not cl.wired
                     join enrollments e on e.coach_id = $1 and e.role = 'student' and e.user_id = a.user_id)
                  + (select count(*) from clw join account_checklist_items a
                        on a.item_id = clw.id and a.user_id = clw.user_id))::int as completed

-- a statement’s to-do completion rows that count ($1: the coach id; cc_new: the transition table)
-- parameters: ["coach id"]
with st as materialized (select user_id from enrollments where coach_id = $1 and role = 'student' and user_id in (select user_id from cc_new)),
       nst as (select count(*) as n from st),
       b as materialized (select b.id from (
  select b.* from bulletins b
   where b.coach_id = $1 and b.is_published and not b.is_queued and not b.under_review
     and b.publish_timestamp <= now()) b),
       s as materialized (select s.id, exists (select 1 from content_characteristics w0 where w0.content_kind = 'survey' and w0.content_id = s.id) as wired from surveys s where s.coach_id = $1 and s.is_published and not s.is_queued and not s.under_review
     and s.publish_timestamp <= now()),
       p as materialized (
         select p.id, false as wired from playbooks p where p.coach_id = $1 and p.is_released),
       ti as materialized (
         select i.id, l.id as list_id, (l.id is not null and exists (select 1 from content_characteristics w0 where w0.content_kind = 'todolist' and w0.content_id = l.id)) as wired
           from todo_items i left join todo_lists l on l.id = i.todo_list_id
          where i.coach_id = $1 and i.staff_created
            and (l.id is null or (not l.is_queued and not l.is_under_review))),
       sw as (select st.user_id, s.id from st join s on s.wired
               where not exists (
            with svm as materialized (select * from (select c.name, v.value, v.num
            from student_characteristic_values v
            join characteristics c on c.id = v.characteristic_id
           where v.user_id = st.user_id and v.institution_id = (select co.institution_id from coaches co where co.id = $1) and v.coach_id in (0, $1)
          union all
          select c.name, c.default_value as value,
                 case when c.kind = 'range' and c.default_value ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$'
                      then c.default_value::float8 end as num
            from characteristics c
           where c.institution_id = (select co.institution_id from coaches co where co.id = $1) and c.default_value is not null
             and not exists (select 1 from student_characteristic_values d
                              where d.characteristic_id = c.id and d.user_id = st.user_id
                                and d.coach_id in (0, $1))) sv0)
            select 1 from content_characteristics w
             where w.content_kind = 'survey' and w.content_id = s.id
               and not exists (
                 select 1 from content_characteristics w2
                   join svm sv on sv.name = w2.characteristic
                          and (sv.value = w2.value or (w2.num is not null and sv.num = w2.num))
                  where w2.content_kind = w.content_kind and w2.content_id = w.content_id
                    and w2.characteristic = w.characteristic))),
       pw as (select st.user_id, p.id from st join p on p.wired
               where not exists (
            with svm as materialized (select * from (select c.name, v.value, v.num
            from student_characteristic_values v
            join characteristics c on c.id = v.characteristic_id
           where v.user_id = st.user_id and v.institution_id = (select co.institution_id from coaches co where co.id = $1) and v.coach_id in (0, $1)
          union all
          select c.name, c.default_value as value,
                 case when c.kind = 'range' and c.default_value ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$'
                      then c.default_value::float8 end as num
            from characteristics c
           where c.institution_id = (select co.institution_id from coaches co where co.id = $1) and c.default_value is not null
             and not exists (select 1 from student_characteristic_values d
                              where d.characteristic_id = c.id and d.user_id = st.user_id
                                and d.coach_id in (0, $1))) sv0)
            select 1 from content_characteristics w
             where w.content_kind = 'playbook_planning' and w.content_id = p.id
               and not exists (
                 select 1 from content_characteristics w2
                   join svm sv on sv.name = w2.characteristic
                          and (sv.value = w2.value or (w2.num is not null and sv.num = w2.num))
                  where w2.content_kind = w.content_kind and w2.content_id = w.content_id
                    and w2.characteristic = w.characteristic))),
       tw as (select st.user_id, ti.id from st join ti on ti.wired
               where not exists (
            with svm as materialized (select * from (select c.name, v.value, v.num
            from student_characteristic_values v
            join characteristics c on c.id = v.characteristic_id
           where v.user_id = st.user_id and v.institution_id = (select co.institution_id from coaches co where co.id = $1) and v.coach_id in (0, $1)
          union all
          select c.name, c.default_value as value,
                 case when c.kind = 'range' and c.default_value ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$'
                      then c.default_value::float8 end as num
            from characteristics c
           where c.institution_id = (select co.institution_id from coaches co where co.id = $1) and c.default_value is not null
             and not exists (select 1 from student_characteristic_values d
                              where d.characteristic_id = c.id and d.user_id = st.user_id
                                and d.coach_id in (0, $1))) sv0)
            select 1 from content_characteristics w
             where w.content_kind = 'todolist' and w.content_id = ti.list_id
               and not exists (
                 select 1 from content_characteristics w2
                   join svm sv on sv.name = w2.characteristic
                          and (sv.value = w2.value or (w2.num is not null and sv.num = w2.num))
                  where w2.content_kind = w.content_kind and w2.content_id = w.content_id
                    and w2.characteristic = w.characteristic))),
       cl as materialized (
         select c.id, exists (select 1 from content_characteristics w0 where w0.content_kind = 'checklist_item' and w0.content_id = c.id) as wired from checklist_items c where c.coach_id = $1),
       clw as (select st.user_id, cl.id from st join cl on cl.wired
                where not exists (
            with svm as materialized (select * from (select c.name, v.value, v.num
            from student_characteristic_values v
            join characteristics c on c.id = v.characteristic_id
           where v.user_id = st.user_id and v.institution_id = (select co.institution_id from coaches co where co.id = $1) and v.coach_id in (0, $1)
          union all
          select c.name, c.default_value as value,
                 case when c.kind = 'range' and c.default_value ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$'
                      then c.default_value::float8 end as num
            from characteristics c
           where c.institution_id = (select co.institution_id from coaches co where co.id = $1) and c.default_value is not null
             and not exists (select 1 from student_characteristic_values d
                              where d.characteristic_id = c.id and d.user_id = st.user_id
                                and d.coach_id in (0, $1))) sv0)
            select 1 from content_characteristics w
             where w.content_kind = 'checklist_item' and w.content_id = cl.id
               and not exists (
                 select 1 from content_characteristics w2
                   join svm sv on sv.name = w2.characteristic
                          and (sv.value = w2.value or (w2.num is not null and sv.num = w2.num))
                  where w2.content_kind = w.content_kind and w2.content_id = w.content_id
                    and w2.characteristic = w.characteristic))),
       own as (select i.owner_user_id as user_id, i.id from todo_items i join st on st.user_id = i.owner_user_id
                where i.coach_id = $1 and not i.staff_created)
  select ((select count(*) from ti join cc_new a on a.item_id = ti.id and not ti.wired
                     join enrollments e on e.coach_id = $1 and e.role = 'student' and e.user_id = a.user_id where a.completed)
                  + (select count(*) from tw join cc_new a
                        on a.item_id = tw.id and a.user_id = tw.user_id where a.completed)
                  + (select count(*) from own join cc_new a
                        on a.item_id = own.id and a.user_id = own.user_id where a.completed))::int
