/** The terms a lead is found by in the lead inbox's search (shared/search-terms.ts); deleted with the lead. */
export interface LeadSearchTermsTable {
  term: string;
  lead_id: string;
}
