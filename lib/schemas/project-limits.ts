// Limits of a project's texts, in one place for the request validation and the web forms (no zod
// here, so the browser bundle stays small).

/** Longest project name. */
export const PROJECT_NAME_MAX = 200;
/** Longest instructions, context or suggested-questions text. */
export const PROJECT_TEXT_MAX = 20_000;
