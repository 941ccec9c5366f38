// The request schemas for a browser form, loaded when the operator first moves into the form
// (focus) rather than with the page: a form checks a body only when it is reviewed or sent,
// and the schemas with zod are ~19 KB gzip. Call it early from an event handler; it loads once.
export const loadRequestSchemas = () => import("./index");
