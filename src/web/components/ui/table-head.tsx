import { cn } from '../../lib/cn';

/**
 * A column heading: its text (read by screen readers only when `hidden`), right-aligned when numeric;
 * `className` for a column shown only at some widths.
 */
export type Column = string | { label: string; numeric?: boolean; hidden?: boolean; className?: string };

/**
 * The header row of every data table, so that each one names its columns for assistive technology
 * (scope="col") the same way. `cell` sets the padding of the table's look.
 */
export function TableHead({ columns, className, cell }: { columns: Column[]; className?: string; cell: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => {
          const { label, numeric, hidden, className } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={cn(cell, 'font-medium', numeric && 'text-right', className)}>
              {hidden ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
