// The app's assumptions of rubric discriminability, importable by the browser (no database here).

/**
 * The smallest difference of two clinician-graded HealthBench scores (scale ≤ 1, usually 0..1) that makes their
 * order "clear": 0.2, a fifth of the achievable points. Configurable on the launcher and the page.
 */
export const DEFAULT_MIN_GRADE_DIFFERENCE = 0.2;
