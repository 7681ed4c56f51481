/**
 * Search by one plain mechanism (docs/decisions/search.md): each searched table gets a trigram
 * index of its `search_text` (company first) and a search function that reads it as the owner,
 * the company fixed in its text; the search terms tables, the triggers that kept them and
 * `search_terms()` are dropped. Generated from db/ddl/search.ts and frozen as text.
 */
import type { Migration } from '../migrate';

export const searchTrigrams0047: Migration = {
  name: '0047_search_trigrams',
  sql: `
create function search_conditions_sql(forms integer[])
returns text language sql immutable strict parallel safe as $$
  select coalesce(string_agg('(' || (select string_agg(format('r.search_text like lower($1[%s])', p), ' or ')
      from generate_series(w.last - w.n + 1, w.last) p) || ')', ' and ' order by w.i), 'true')
  from (select f.n, f.i, sum(f.n) over (order by f.i) as last
    from unnest(forms) with ordinality f(n, i)) w
$$;

-- actions
drop trigger actions_search_added_or_removed on actions;
drop trigger actions_search_changed on actions;
drop function actions_search_sync();
drop table actions_search;
create index actions_search_trgm on actions using gin (company_id, search_text gin_trgm_ops);
create function search_actions(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.action_id::bigint, r.action_name::text from actions r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.action_name, r.action_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_actions(text[], integer[], bigint) from public;
grant execute on function search_actions(text[], integer[], bigint) to :app_role;

-- allergies
drop trigger allergies_search_added_or_removed on allergies;
drop trigger allergies_search_changed on allergies;
drop function allergies_search_sync();
drop table allergies_search;
create index allergies_search_trgm on allergies using gin (company_id, search_text gin_trgm_ops);
create function search_allergies(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.allergy_id::bigint, r.allergy_name::text from allergies r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.allergy_name, r.allergy_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_allergies(text[], integer[], bigint) from public;
grant execute on function search_allergies(text[], integer[], bigint) to :app_role;

-- appointment_types
drop trigger appointment_types_search_added_or_removed on appointment_types;
drop trigger appointment_types_search_changed on appointment_types;
drop function appointment_types_search_sync();
drop table appointment_types_search;
create index appointment_types_search_trgm on appointment_types using gin (company_id, search_text gin_trgm_ops);
create function search_appointment_types(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.appointment_type_id::bigint, r.appointment_type_name::text from appointment_types r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.appointment_type_name, r.appointment_type_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_appointment_types(text[], integer[], bigint) from public;
grant execute on function search_appointment_types(text[], integer[], bigint) to :app_role;

-- appointments
drop trigger appointments_search_added_or_removed on appointments;
drop trigger appointments_search_changed on appointments;
drop function appointments_search_sync();
drop table appointments_search;
create index appointments_search_trgm on appointments using gin (company_id, search_text gin_trgm_ops);
create function search_appointments(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.appointment_id::bigint, r.appointment_name::text from appointments r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.appointment_name, r.appointment_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_appointments(text[], integer[], bigint) from public;
grant execute on function search_appointments(text[], integer[], bigint) to :app_role;

-- availability_exceptions
drop trigger availability_exceptions_search_added_or_removed on availability_exceptions;
drop trigger availability_exceptions_search_changed on availability_exceptions;
drop function availability_exceptions_search_sync();
drop table availability_exceptions_search;
create index availability_exceptions_search_trgm on availability_exceptions using gin (company_id, search_text gin_trgm_ops);
create function search_availability_exceptions(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.availability_exception_id::bigint, r.availability_exception_name::text from availability_exceptions r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.availability_exception_name, r.availability_exception_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_availability_exceptions(text[], integer[], bigint) from public;
grant execute on function search_availability_exceptions(text[], integer[], bigint) to :app_role;

-- batches
drop trigger batches_search_added_or_removed on batches;
drop trigger batches_search_changed on batches;
drop function batches_search_sync();
drop table batches_search;
create index batches_search_trgm on batches using gin (company_id, search_text gin_trgm_ops);
create function search_batches(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.batch_id::bigint, r.batch_name::text from batches r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.batch_name, r.batch_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_batches(text[], integer[], bigint) from public;
grant execute on function search_batches(text[], integer[], bigint) to :app_role;

-- categories
drop trigger categories_search_added_or_removed on categories;
drop trigger categories_search_changed on categories;
drop function categories_search_sync();
drop table categories_search;
create index categories_search_trgm on categories using gin (company_id, search_text gin_trgm_ops);
create function search_categories(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.category_id::bigint, r.category_label::text from categories r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.category_label, r.category_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_categories(text[], integer[], bigint) from public;
grant execute on function search_categories(text[], integer[], bigint) to :app_role;

-- conditions
drop trigger conditions_search_added_or_removed on conditions;
drop trigger conditions_search_changed on conditions;
drop function conditions_search_sync();
drop table conditions_search;
create index conditions_search_trgm on conditions using gin (company_id, search_text gin_trgm_ops);
create function search_conditions(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.condition_id::bigint, r.condition_name::text from conditions r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.condition_name, r.condition_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_conditions(text[], integer[], bigint) from public;
grant execute on function search_conditions(text[], integer[], bigint) to :app_role;

-- countries
drop trigger countries_search_added_or_removed on countries;
drop trigger countries_search_changed on countries;
drop function countries_search_sync();
drop table countries_search;
create index countries_search_trgm on countries using gin (company_id, search_text gin_trgm_ops);
create function search_countries(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.country_id::bigint, r.country_name::text from countries r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.country_name, r.country_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_countries(text[], integer[], bigint) from public;
grant execute on function search_countries(text[], integer[], bigint) to :app_role;

-- diseases
drop trigger diseases_search_added_or_removed on diseases;
drop trigger diseases_search_changed on diseases;
drop function diseases_search_sync();
drop table diseases_search;
create index diseases_search_trgm on diseases using gin (company_id, search_text gin_trgm_ops);
create function search_diseases(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.disease_id::bigint, r.disease_name::text from diseases r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.disease_name, r.disease_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_diseases(text[], integer[], bigint) from public;
grant execute on function search_diseases(text[], integer[], bigint) to :app_role;

-- dispensary_products
drop trigger dispensary_products_search_added_or_removed on dispensary_products;
drop trigger dispensary_products_search_changed on dispensary_products;
drop function dispensary_products_search_sync();
drop table dispensary_products_search;
create index dispensary_products_search_trgm on dispensary_products using gin (company_id, search_text gin_trgm_ops);
create function search_dispensary_products(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.dispensary_product_id::bigint, r.dispensary_product_name::text from dispensary_products r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.dispensary_product_name, r.dispensary_product_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_dispensary_products(text[], integer[], bigint) from public;
grant execute on function search_dispensary_products(text[], integer[], bigint) to :app_role;

-- drug_classes
drop trigger drug_classes_search_added_or_removed on drug_classes;
drop trigger drug_classes_search_changed on drug_classes;
drop function drug_classes_search_sync();
drop table drug_classes_search;
create index drug_classes_search_trgm on drug_classes using gin (company_id, search_text gin_trgm_ops);
create function search_drug_classes(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.drug_class_id::bigint, r.drug_class_name::text from drug_classes r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.drug_class_name, r.drug_class_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_drug_classes(text[], integer[], bigint) from public;
grant execute on function search_drug_classes(text[], integer[], bigint) to :app_role;

-- groups
drop trigger groups_search_added_or_removed on groups;
drop trigger groups_search_changed on groups;
drop function groups_search_sync();
drop table groups_search;
create index groups_search_trgm on groups using gin (company_id, search_text gin_trgm_ops);
create function search_groups(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.group_id::bigint, r.group_name::text from groups r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.group_name, r.group_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_groups(text[], integer[], bigint) from public;
grant execute on function search_groups(text[], integer[], bigint) to :app_role;

-- herbs
drop trigger herbs_search_added_or_removed on herbs;
drop trigger herbs_search_changed on herbs;
drop function herbs_search_sync();
drop table herbs_search;
create index herbs_search_trgm on herbs using gin (company_id, search_text gin_trgm_ops);
create function search_herbs(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.herb_id::bigint, r.herb_name::text from herbs r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.herb_name, r.herb_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_herbs(text[], integer[], bigint) from public;
grant execute on function search_herbs(text[], integer[], bigint) to :app_role;

-- locations
drop trigger locations_search_added_or_removed on locations;
drop trigger locations_search_changed on locations;
drop function locations_search_sync();
drop table locations_search;
create index locations_search_trgm on locations using gin (company_id, search_text gin_trgm_ops);
create function search_locations(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.location_id::bigint, r.location_name::text from locations r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.location_name, r.location_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_locations(text[], integer[], bigint) from public;
grant execute on function search_locations(text[], integer[], bigint) to :app_role;

-- medicines
drop trigger medicines_search_added_or_removed on medicines;
drop trigger medicines_search_changed on medicines;
drop function medicines_search_sync();
drop table medicines_search;
create index medicines_search_trgm on medicines using gin (company_id, search_text gin_trgm_ops);
create function search_medicines(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.medicine_id::bigint, r.medicine_name::text from medicines r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.medicine_name, r.medicine_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_medicines(text[], integer[], bigint) from public;
grant execute on function search_medicines(text[], integer[], bigint) to :app_role;

-- modules
drop trigger modules_search_added_or_removed on modules;
drop trigger modules_search_changed on modules;
drop function modules_search_sync();
drop table modules_search;
create index modules_search_trgm on modules using gin (company_id, search_text gin_trgm_ops);
create function search_modules(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.module_id::bigint, r.module_name::text from modules r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.module_name, r.module_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_modules(text[], integer[], bigint) from public;
grant execute on function search_modules(text[], integer[], bigint) to :app_role;

-- organs
drop trigger organs_search_added_or_removed on organs;
drop trigger organs_search_changed on organs;
drop function organs_search_sync();
drop table organs_search;
create index organs_search_trgm on organs using gin (company_id, search_text gin_trgm_ops);
create function search_organs(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.organ_id::bigint, r.organ_name::text from organs r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.organ_name, r.organ_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_organs(text[], integer[], bigint) from public;
grant execute on function search_organs(text[], integer[], bigint) to :app_role;

-- partuseds
drop trigger partuseds_search_added_or_removed on partuseds;
drop trigger partuseds_search_changed on partuseds;
drop function partuseds_search_sync();
drop table partuseds_search;
create index partuseds_search_trgm on partuseds using gin (company_id, search_text gin_trgm_ops);
create function search_partuseds(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.partused_id::bigint, r.partused_name::text from partuseds r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.partused_name, r.partused_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_partuseds(text[], integer[], bigint) from public;
grant execute on function search_partuseds(text[], integer[], bigint) to :app_role;

-- patientletters
drop trigger patientletters_search_added_or_removed on patientletters;
drop trigger patientletters_search_changed on patientletters;
drop function patientletters_search_sync();
drop table patientletters_search;
create index patientletters_search_trgm on patientletters using gin (company_id, search_text gin_trgm_ops);
create function search_patientletters(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.patientletter_id::bigint, r.patientletter_name::text from patientletters r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.patientletter_name, r.patientletter_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_patientletters(text[], integer[], bigint) from public;
grant execute on function search_patientletters(text[], integer[], bigint) to :app_role;

-- patients
drop trigger patients_search_added_or_removed on patients;
drop trigger patients_search_changed on patients;
drop function patients_search_sync();
drop table patients_search;
create index patients_search_trgm on patients using gin (company_id, search_text gin_trgm_ops);
create function search_patients(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.patient_id::bigint, r.patient_name::text from patients r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.patient_name, r.patient_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_patients(text[], integer[], bigint) from public;
grant execute on function search_patients(text[], integer[], bigint) to :app_role;

-- prescriptions
drop trigger prescriptions_search_added_or_removed on prescriptions;
drop trigger prescriptions_search_changed on prescriptions;
drop function prescriptions_search_sync();
drop table prescriptions_search;
create index prescriptions_search_trgm on prescriptions using gin (company_id, search_text gin_trgm_ops);
create function search_prescriptions(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.prescription_id::bigint, r.prescription_name::text from prescriptions r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.prescription_name, r.prescription_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_prescriptions(text[], integer[], bigint) from public;
grant execute on function search_prescriptions(text[], integer[], bigint) to :app_role;

-- products
drop trigger products_search_added_or_removed on products;
drop trigger products_search_changed on products;
drop function products_search_sync();
drop table products_search;
create index products_search_trgm on products using gin (company_id, search_text gin_trgm_ops);
create function search_products(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.product_id::bigint, r.product_name::text from products r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.product_name, r.product_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_products(text[], integer[], bigint) from public;
grant execute on function search_products(text[], integer[], bigint) to :app_role;

-- snippets
drop trigger snippets_search_added_or_removed on snippets;
drop trigger snippets_search_changed on snippets;
drop function snippets_search_sync();
drop table snippets_search;
create index snippets_search_trgm on snippets using gin (company_id, search_text gin_trgm_ops);
create function search_snippets(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.snippet_id::bigint, r.snippet_name::text from snippets r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.snippet_name, r.snippet_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_snippets(text[], integer[], bigint) from public;
grant execute on function search_snippets(text[], integer[], bigint) to :app_role;

-- specialisms
drop trigger specialisms_search_added_or_removed on specialisms;
drop trigger specialisms_search_changed on specialisms;
drop function specialisms_search_sync();
drop table specialisms_search;
create index specialisms_search_trgm on specialisms using gin (company_id, search_text gin_trgm_ops);
create function search_specialisms(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.specialism_id::bigint, r.specialism_name::text from specialisms r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.specialism_name, r.specialism_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_specialisms(text[], integer[], bigint) from public;
grant execute on function search_specialisms(text[], integer[], bigint) to :app_role;

-- symptoms
drop trigger symptoms_search_added_or_removed on symptoms;
drop trigger symptoms_search_changed on symptoms;
drop function symptoms_search_sync();
drop table symptoms_search;
create index symptoms_search_trgm on symptoms using gin (company_id, search_text gin_trgm_ops);
create function search_symptoms(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.symptom_id::bigint, r.symptom_name::text from symptoms r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.symptom_name, r.symptom_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_symptoms(text[], integer[], bigint) from public;
grant execute on function search_symptoms(text[], integer[], bigint) to :app_role;

-- users
drop trigger users_search_added_or_removed on users;
drop trigger users_search_changed on users;
drop function users_search_sync();
drop table users_search;
create index users_search_trgm on users using gin (company_id, search_text gin_trgm_ops);
create function search_users(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.user_id::bigint, r.user_name::text from users r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.user_name, r.user_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_users(text[], integer[], bigint) from public;
grant execute on function search_users(text[], integer[], bigint) to :app_role;

-- waitlist_entries
drop trigger waitlist_entries_search_added_or_removed on waitlist_entries;
drop trigger waitlist_entries_search_changed on waitlist_entries;
drop function waitlist_entries_search_sync();
drop table waitlist_entries_search;
create index waitlist_entries_search_trgm on waitlist_entries using gin (company_id, search_text gin_trgm_ops);
create function search_waitlist_entries(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.waitlist_entry_id::bigint, r.waitlist_entry_name::text from waitlist_entries r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.waitlist_entry_name, r.waitlist_entry_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_waitlist_entries(text[], integer[], bigint) from public;
grant execute on function search_waitlist_entries(text[], integer[], bigint) to :app_role;

-- working_hours
drop trigger working_hours_search_added_or_removed on working_hours;
drop trigger working_hours_search_changed on working_hours;
drop function working_hours_search_sync();
drop table working_hours_search;
create index working_hours_search_trgm on working_hours using gin (company_id, search_text gin_trgm_ops);
create function search_working_hours(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.working_hour_id::bigint, r.working_hour_name::text from working_hours r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.working_hour_name, r.working_hour_id limit $2' using patterns, max_rows;
end $$;
revoke all on function search_working_hours(text[], integer[], bigint) from public;
grant execute on function search_working_hours(text[], integer[], bigint) to :app_role;

drop function search_terms(text);
`,
};
