/** The width of one day field of the period filter: 2025/05/01 and its padding. */
export const DAY_FIELD_WIDTH = 118;

/** A YYYY-MM-DD day as the period filter shows it: 2025/05/01. */
export const slashed = (day: string) => day.replaceAll('-', '/');
