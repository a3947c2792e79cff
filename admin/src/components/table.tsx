import type { ReactNode } from 'react';
import { Card, cn } from '../ui';

/** A scrollable data table in a card; on narrow screens it scrolls sideways rather than squeezing. */
export function DataTable({ head, children, empty, label }: { head: string[]; children: ReactNode; empty?: string | null; label: string }) {
  return (
    <Card className="overflow-hidden">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[48rem] text-left text-sm" aria-label={label}>
          <thead className="border-b border-border bg-surface-muted/60 text-xs uppercase tracking-wide text-fg-muted">
            <tr>
              {head.map((h) => (
                <th key={h} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">{children}</tbody>
        </table>
      </div>
      {empty && <p className="p-8 text-center text-sm text-fg-muted">{empty}</p>}
    </Card>
  );
}

export function Td({ children, className }: { children?: ReactNode; className?: string }) {
  return <td className={cn('whitespace-nowrap px-4 py-3 align-middle', className)}>{children}</td>;
}

/** A list that could not be loaded, in place of its table. */
export function LoadError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl bg-danger-soft p-4 text-sm text-danger-soft-fg">
      {children}
    </p>
  );
}
