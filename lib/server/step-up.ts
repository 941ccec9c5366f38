import "server-only";

// Step-up: what moves money or changes access will need a second-factor check in this session
// within the last STEP_UP_WINDOW_MS (POST /api/auth/step-up records one). The check on the
// writes themselves lands with required enrolment (issue 19, still open).

export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;
