/** Dietary types (a comma list on the wire, ordering-payments §3 Menu) as small labels. */
export function DietaryLabels({ value }: { value: string }) {
  const labels = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (labels.length === 0) return null;
  return (
    <ul className="dietary-labels" aria-label="Dietary types">
      {labels.map((label) => (
        <li key={label}>{label}</li>
      ))}
    </ul>
  );
}
