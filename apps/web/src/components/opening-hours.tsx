import { useEffect, useState } from 'react';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A store's opening hours, one row a day, today's marked (and named for screen readers). Today is
 * the visitor's own weekday, known only in their browser: it is marked after the first render, so
 * a page rendered on the server hydrates without a mismatch.
 */
export function OpeningHours({
  rows,
  className,
  todayClassName,
  caption,
}: {
  rows: { Day: string; Hours: string }[];
  className: string;
  todayClassName: string;
  /** A caption when the table has no heading of its own. */
  caption?: string;
}) {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => setToday(DAYS[new Date().getDay()] ?? null), []);
  return (
    <table className={className}>
      {caption ? <caption>{caption}</caption> : null}
      <tbody>
        {rows.map((row) => (
          <tr key={row.Day} className={row.Day === today ? todayClassName : undefined}>
            <th scope="row">
              {row.Day}
              {row.Day === today ? <span className="visually-hidden"> (today)</span> : null}
            </th>
            <td>{row.Hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
