/**
 * "Today" where the company works (COMPANY_TIME_ZONE, Asia/Ho_Chi_Minh by default), as 'YYYY-MM-DD'.
 * Leave starts, notice periods and accrual months are counted in the company's calendar, not UTC's.
 */
export function companyToday(config: { COMPANY_TIME_ZONE: string }, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: config.COMPANY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
