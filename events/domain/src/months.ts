/** The calendar month of a moment in UTC, as 'YYYY-MM' (sorts as text). */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Every month from `first` to `last` inclusive ('YYYY-MM'), oldest first. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = last.split('-').map(Number) as [number, number];
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}
