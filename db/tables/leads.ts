import type { Generated } from 'kysely';

/** A person who asked to be called (demo dialog) or contacted (contact modal). */
export interface LeadsTable {
  id: string;
  kind: 'demo' | 'contact';
  full_name: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  /** 10 digits, cleaned as every phone field cleans a number (docs/product-rules.md#phone-numbers). */
  phone: string;
  email: string;
  consent: number;
  timezone: string | null;
  scheduled: number;
  source_tag: string;
  calendar_link: string | null;
  ip_address: string | null;
  user_agent: string | null;
  /** The id of the browser that sent the form (shared/visitor-id.ts): its visits are this person's. */
  visitor_id: string | null;
  created_at: Generated<string>;
}
