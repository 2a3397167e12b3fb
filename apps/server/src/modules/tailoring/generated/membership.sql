-- a full sync: every student of the coach
-- parameters: [7,3,11,"F",12,["London","Wales"],13,["art"],14,["Y3","Y4"],15,2,16,"N"]
with flags as materialized (
      select e.user_id, (r0.user_id is not null) as m0, (r1.user_id is null) as m1, (r2.user_id is not null) as m2, (r3.user_id is not null) as m3, (r4.user_id is null) as m4, (r5.user_id is null) as m5
        from enrollments e
        left join student_characteristic_values r0 on r0.characteristic_id = $3::int and r0.user_id = e.user_id and r0.coach_id = 0 and r0.value = $4::text
        left join student_characteristic_values r1 on r1.characteristic_id = $5::int and r1.user_id = e.user_id and r1.coach_id = 0 and not coalesce(r1.value = any($6::text[]), false)
        left join (select distinct v.user_id from student_characteristic_values v
                     where v.characteristic_id = $7::int and v.coach_id = 0 and v.value = any($8::text[])) r2 on r2.user_id = e.user_id
        left join student_characteristic_values r3 on r3.characteristic_id = $9::int and r3.user_id = e.user_id and r3.coach_id = 0 and r3.value = any($10::text[])
        left join student_characteristic_values r4 on r4.characteristic_id = $11::int and r4.user_id = e.user_id and r4.coach_id = $2::int and not coalesce(r4.num < $12::float8, false)
        left join (select v.user_id from student_characteristic_values v where v.characteristic_id = $13::int and v.coach_id = 0
                     group by v.user_id having not bool_or(coalesce(v.value = $14::text, false))) r5 on r5.user_id = e.user_id
       where e.coach_id = $2 and e.role = 'student'
    ), ins as (
      insert into cohort_memberships (cohort_id, user_id)
      select $1, user_id from flags where m0 and m1 and m2 and m3 and m4 and m5
      on conflict do nothing
      returning 1
    ), gone as (
      delete from cohort_memberships x where x.cohort_id = $1
         and not exists (select 1 from flags where flags.user_id = x.user_id and m0 and m1 and m2 and m3 and m4 and m5)
      returning 1
    )
    select (count(*) filter (where m0 and m1 and m2 and m3 and m4 and m5))::int as members,
           (select count(*)::int from ins) + (select count(*)::int from gone) as changed, count(*) filter (where m0)::int as q0, count(*) filter (where m1)::int as q1, count(*) filter (where m2)::int as q2, count(*) filter (where m3)::int as q3, count(*) filter (where m4)::int as q4, count(*) filter (where m5)::int as q5 from flags

-- an incremental sync: the listed students only
-- parameters: [7,3,[101,102],11,"F",12,["London","Wales"],13,["art"],14,["Y3","Y4"],15,2,16,"N"]
with flags as materialized (
      select e.user_id, (r0.user_id is not null) as m0, (r1.user_id is null) as m1, (r2.user_id is not null) as m2, (r3.user_id is not null) as m3, (r4.user_id is null) as m4, (r5.user_id is null) as m5
        from enrollments e
        left join student_characteristic_values r0 on r0.characteristic_id = $4::int and r0.user_id = e.user_id and r0.coach_id = 0 and r0.value = $5::text
        left join student_characteristic_values r1 on r1.characteristic_id = $6::int and r1.user_id = e.user_id and r1.coach_id = 0 and not coalesce(r1.value = any($7::text[]), false)
        left join (select distinct v.user_id from student_characteristic_values v
                     where v.characteristic_id = $8::int and v.coach_id = 0 and v.user_id = any($3::int[]) and v.value = any($9::text[])) r2 on r2.user_id = e.user_id
        left join student_characteristic_values r3 on r3.characteristic_id = $10::int and r3.user_id = e.user_id and r3.coach_id = 0 and r3.value = any($11::text[])
        left join student_characteristic_values r4 on r4.characteristic_id = $12::int and r4.user_id = e.user_id and r4.coach_id = $2::int and not coalesce(r4.num < $13::float8, false)
        left join (select v.user_id from student_characteristic_values v where v.characteristic_id = $14::int and v.coach_id = 0 and v.user_id = any($3::int[])
                     group by v.user_id having not bool_or(coalesce(v.value = $15::text, false))) r5 on r5.user_id = e.user_id
       where e.coach_id = $2 and e.role = 'student' and e.user_id = any($3::int[])
    ), ins as (
      insert into cohort_memberships (cohort_id, user_id)
      select $1, user_id from flags where m0 and m1 and m2 and m3 and m4 and m5
      returning user_id
    )
    select (select count(*)::int from ins) as members, (select coalesce(array_agg(user_id), array[]::int[]) from ins) as ids, count(*) filter (where m0)::int as q0, count(*) filter (where m1)::int as q1, count(*) filter (where m2)::int as q2, count(*) filter (where m3)::int as q3, count(*) filter (where m4)::int as q4, count(*) filter (where m5)::int as q5 from flags

-- the qualifying counts after an incremental sync (nothing inserted)
-- parameters: [7,3,[101,102],11,"F",12,["London","Wales"],13,["art"],14,["Y3","Y4"],15,2,16,"N"]
with flags as materialized (
      select e.user_id, (r0.user_id is not null) as m0, (r1.user_id is null) as m1, (r2.user_id is not null) as m2, (r3.user_id is not null) as m3, (r4.user_id is null) as m4, (r5.user_id is null) as m5
        from enrollments e
        left join student_characteristic_values r0 on r0.characteristic_id = $4::int and r0.user_id = e.user_id and r0.coach_id = 0 and r0.value = $5::text
        left join student_characteristic_values r1 on r1.characteristic_id = $6::int and r1.user_id = e.user_id and r1.coach_id = 0 and not coalesce(r1.value = any($7::text[]), false)
        left join (select distinct v.user_id from student_characteristic_values v
                     where v.characteristic_id = $8::int and v.coach_id = 0 and v.user_id = any($3::int[]) and v.value = any($9::text[])) r2 on r2.user_id = e.user_id
        left join student_characteristic_values r3 on r3.characteristic_id = $10::int and r3.user_id = e.user_id and r3.coach_id = 0 and r3.value = any($11::text[])
        left join student_characteristic_values r4 on r4.characteristic_id = $12::int and r4.user_id = e.user_id and r4.coach_id = $2::int and not coalesce(r4.num < $13::float8, false)
        left join (select v.user_id from student_characteristic_values v where v.characteristic_id = $14::int and v.coach_id = 0 and v.user_id = any($3::int[])
                     group by v.user_id having not bool_or(coalesce(v.value = $15::text, false))) r5 on r5.user_id = e.user_id
       where e.coach_id = $2 and e.role = 'student' and e.user_id = any($3::int[])
    ) select 0 * $1::int as members, count(*) filter (where m0)::int as q0, count(*) filter (where m1)::int as q1, count(*) filter (where m2)::int as q2, count(*) filter (where m3)::int as q3, count(*) filter (where m4)::int as q4, count(*) filter (where m5)::int as q5 from flags
