import type { Problem } from './problems.ts';

/** The dates an employee would have after a change (YYYY-MM-DD strings; null or absent when none). */
export interface EmployeeDates {
  onboardDate?: string | null;
  offboardDate?: string | null;
  birthday?: string | null;
  idCardIssueDate?: string | null;
}

/** Today's calendar date as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Rules across an employee's dates, the same in the form and on the server: offboarding after
 * onboarding; a birthday and an ID card issue date in the past.
 */
export function employeeDateProblems(dates: EmployeeDates, today: string = todayIso()): Problem[] {
  const problems: Problem[] = [];
  if (dates.onboardDate && dates.offboardDate && dates.offboardDate < dates.onboardDate) {
    problems.push({ field: 'offboardDate', code: 'dateOrder' });
  }
  if (dates.birthday && dates.birthday >= today) problems.push({ field: 'birthday', code: 'pastDate' });
  if (dates.idCardIssueDate && dates.idCardIssueDate > today) {
    problems.push({ field: 'idCardIssueDate', code: 'pastDate' });
  }
  return problems;
}
