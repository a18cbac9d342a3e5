/** A group order's status as a coloured pill (the server's label; the status picks the colour). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`badge badge-${status}`}>{label}</span>;
}
