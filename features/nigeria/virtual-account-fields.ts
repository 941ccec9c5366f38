// Browser-safe and without zod: the provision form's six fields (§2.4), in the form's order,
// rendered with the page; the schema that checks them (lib/requests/nigeria.ts) loads when
// the form is used.
export const VIRTUAL_ACCOUNT_FIELDS = ["bvn", "firstName", "lastName", "phoneNumber", "dateOfBirth", "customerEmail"] as const;
