/** A tenant: one clinic, named in every call by its slug. */
export interface Company {
  company_id: number;
  company_slug: string;
  company_name: string;
}
